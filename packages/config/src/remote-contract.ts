import semver from 'semver'
import { SHARED_CONTRACT } from './shared'

/**
 * What the shell needs from a remote's build (decision 012): checked against a release's
 * mf-manifest.json before it can be activated, and by each remote's contract test on its
 * own build output, so a team learns about a break in its own CI.
 */
export const REMOTE_CONTRACT = {
  /** The modules the shell loads from every remote. */
  exposes: ['./routes'],
  /** Shared packages that must be singletons in both, with the shell's version inside the remote's range. */
  singletons: ['react', 'react-dom', 'react-router', '@tanstack/react-query', '@lamplight/session'],
} as const

/**
 * The key under which `shellSharedVersions` gives the federation runtime the shell runs. A
 * remote's browser build leans on it (`externalRuntime`: its entry brings the bundler runtime,
 * the shell provides runtime-core), so the two must come from the same minor release.
 */
export const FEDERATION_RUNTIME = '@module-federation/enhanced'

/**
 * The versions the shell provides: its package.json dependencies (exact, or the lowest of a
 * range), and the federation runtime it is built with (a devDependency).
 */
export function shellSharedVersions(shellPackage: {
  dependencies?: Record<string, string>
  devDependencies?: Record<string, string>
}): Record<string, string> {
  const versions: Record<string, string> = {}
  for (const name of Object.keys(SHARED_CONTRACT)) {
    const spec = shellPackage.dependencies?.[name.replace(/\/(client|jsx-runtime|jsx-dev-runtime)$/, '')]
    const version = spec ? semver.minVersion(spec)?.version : undefined
    if (version) versions[name] = version
  }
  const federation = shellPackage.devDependencies?.[FEDERATION_RUNTIME]
  const federationVersion = federation ? semver.minVersion(federation)?.version : undefined
  if (federationVersion) versions[FEDERATION_RUNTIME] = federationVersion
  return versions
}

type ManifestLike = {
  name?: unknown
  metaData?: { buildInfo?: { buildVersion?: unknown }; pluginVersion?: unknown }
  exposes?: unknown
  shared?: unknown
}

export type ManifestCheck = { ok: true; version: string | null } | { ok: false; problems: string[] }

/**
 * Whether a manifest gives the shell what it needs: the exposed modules, and for each
 * shared singleton: declared as a singleton, built with a version in the shell's range, and
 * accepting the version the shell provides. Returns every problem, in plain words.
 */
export function checkRemoteManifest(
  manifest: unknown,
  shellVersions: Record<string, string>,
  expected: { federationName?: string } = {},
): ManifestCheck {
  const problems: string[] = []
  if (!manifest || typeof manifest !== 'object' || Array.isArray(manifest))
    return { ok: false, problems: ['The manifest is not a JSON object.'] }
  const m = manifest as ManifestLike
  if (expected.federationName && m.name !== expected.federationName)
    problems.push(`The manifest is for "${String(m.name)}", not "${expected.federationName}".`)

  const exposes = Array.isArray(m.exposes) ? (m.exposes as { name?: unknown; path?: unknown }[]) : null
  if (!exposes) problems.push('The manifest lists no exposed modules.')
  for (const path of REMOTE_CONTRACT.exposes) {
    if (exposes && !exposes.some((e) => e?.path === path || `./${String(e?.name)}` === path))
      problems.push(`It does not expose "${path}", which the shell loads.`)
  }

  const shared = Array.isArray(m.shared)
    ? (m.shared as { name?: unknown; version?: unknown; singleton?: unknown; requiredVersion?: unknown }[])
    : null
  if (!shared) problems.push('The manifest lists no shared packages.')
  for (const name of REMOTE_CONTRACT.singletons) {
    if (!shared) break
    const entry = shared.find((s) => s?.name === name)
    const range = SHARED_CONTRACT[name as keyof typeof SHARED_CONTRACT].requiredVersion
    const provided = shellVersions[name]
    if (!entry) {
      problems.push(`It does not share ${name}; the shell needs one copy of it on the page.`)
      continue
    }
    if (entry.singleton !== true) problems.push(`It shares ${name} but not as a singleton.`)
    const built = typeof entry.version === 'string' ? entry.version : ''
    if (typeof range === 'string' && (!semver.valid(built) || !semver.satisfies(built, range)))
      problems.push(`It was built with ${name} ${built || '(unknown)'}, outside the shell's range ${range}.`)
    const wants = entry.requiredVersion
    if (provided && typeof wants === 'string' && wants && wants !== '*') {
      if (!semver.validRange(wants))
        problems.push(`Its required version of ${name} ("${wants}") is not a range.`)
      else if (!semver.satisfies(provided, wants))
        problems.push(`It requires ${name} ${wants}, but the shell provides ${provided}.`)
    }
  }
  const runtime = shellVersions[FEDERATION_RUNTIME]
  if (runtime) {
    const built = typeof m.metaData?.pluginVersion === 'string' ? m.metaData.pluginVersion : ''
    const sameMinor = (a: string, b: string) =>
      semver.major(a) === semver.major(b) && semver.minor(a) === semver.minor(b)
    if (!semver.valid(built) || !sameMinor(built, runtime))
      problems.push(
        `It was built with Module Federation ${built || '(unknown)'}; the shell runs ${runtime}, whose runtime the remote uses: rebuild it with ${semver.major(runtime)}.${semver.minor(runtime)}.x.`,
      )
  }
  if (problems.length) return { ok: false, problems }
  const version = m.metaData?.buildInfo?.buildVersion
  return { ok: true, version: typeof version === 'string' ? version : null }
}
