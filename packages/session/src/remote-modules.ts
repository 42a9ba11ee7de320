/**
 * The default export of what `remote` (`resources-app`) exposes as `./<exposed>` (`editor`).
 * `attempt` > 0 (a Retry) loads the remote afresh after a failed load.
 */
export type RemoteModuleLoader = <T>(remote: string, exposed: string, attempt?: number) => Promise<T>

/**
 * One remote loader (decision 068): a module another remote exposes (`resources-app`'s
 * `./editor`) is loaded by the shell's loader, the one that loads every remote's routes from
 * /remotes.json through the federation runtime's public API. The shell sets `load` as it
 * starts; this package is a federation singleton, so a remote reads the shell's. A remote
 * running on its own (no shell) finds none. (An object, not a setter and a getter: the
 * session ships on every first load.)
 */
export const remoteModules: { load?: RemoteModuleLoader } = {}
