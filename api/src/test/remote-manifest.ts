import { readFileSync } from 'node:fs'

/** The Module Federation release the shell is built with: what a remote must be built with too. */
const FEDERATION = (
  JSON.parse(readFileSync(new URL('../../../shell/package.json', import.meta.url), 'utf8')) as {
    devDependencies: Record<string, string>
  }
).devDependencies['@module-federation/enhanced']

/** A manifest as the federation plugin writes it, with what the shell's contract reads. */
export function manifest(
  name: string,
  overrides: {
    react?: string
    requiredReact?: string
    reactQuery?: string
    exposes?: string[]
    federation?: string
  } = {},
) {
  const shared = (pkg: string, version: string, requiredVersion: string) => ({
    id: `${name}:${pkg}`,
    name: pkg,
    version,
    singleton: true,
    requiredVersion,
    assets: { js: { sync: [], async: [] }, css: { sync: [], async: [] } },
  })
  return {
    id: name,
    name,
    metaData: {
      name,
      buildInfo: { buildVersion: '1.0.0-abc1234', buildName: `@lamplight/${name}` },
      pluginVersion: overrides.federation ?? FEDERATION,
    },
    shared: [
      shared('react', overrides.react ?? '19.3.1', overrides.requiredReact ?? '^19.0.0'),
      shared('react-dom', '19.3.1', '^19.0.0'),
      shared('react-router', '8.5.3', '^8.0.0'),
      shared('@tanstack/react-query', overrides.reactQuery ?? '5.108.0', '^5.0.0'),
      shared('@lamplight/session', '0.0.0', ''),
    ],
    remotes: [],
    exposes: (overrides.exposes ?? ['./routes']).map((p) => ({
      id: `${name}:${p.slice(2)}`,
      name: p.slice(2),
      path: p,
    })),
  }
}
