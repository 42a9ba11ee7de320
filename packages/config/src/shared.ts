/**
 * Everything that must exist once on a page. `requiredVersion: false` on our own
 * workspace package because it is versioned with the repo, not by semver.
 */
export const SHARED = {
  react: { singleton: true, requiredVersion: '^19.0.0' },
  'react/jsx-runtime': { singleton: true, requiredVersion: '^19.0.0' },
  'react/jsx-dev-runtime': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom': { singleton: true, requiredVersion: '^19.0.0' },
  'react-dom/client': { singleton: true, requiredVersion: '^19.0.0' },
  'react-router': { singleton: true, requiredVersion: '^7.0.0' },
  '@tanstack/react-query': { singleton: true, requiredVersion: '^5.0.0' },
  '@lamplight/session': { singleton: true, requiredVersion: false },
  // One toast store, so a remote's toast() shows in the shell's Toaster.
  sonner: { singleton: true, requiredVersion: '^2.0.0' },
} as const

/** The same table, typed for reading (the remote contract checks a manifest against it). */
export const SHARED_CONTRACT: Record<
  keyof typeof SHARED,
  { singleton: boolean; requiredVersion: string | false }
> = SHARED
