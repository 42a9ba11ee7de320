import { describe, expect, it } from 'vitest'
import { checkRemoteManifest, shellSharedVersions } from './remote-contract'

const SHELL = shellSharedVersions({
  dependencies: {
    react: '19.3.1',
    'react-dom': '19.3.1',
    'react-router': '8.5.3',
    '@tanstack/react-query': '5.108.0',
    sonner: '^2.0.8',
  },
  devDependencies: { '@module-federation/enhanced': '2.9.2' },
})

function manifest(
  edit: (m: Record<string, unknown> & { shared: Record<string, unknown>[] }) => void = () => {},
) {
  const m = {
    name: 'storefront',
    metaData: { buildInfo: { buildVersion: '1.4.0-abc1234' }, pluginVersion: '2.9.4' },
    exposes: [{ id: 'storefront:routes', name: 'routes', path: './routes' }],
    shared: [
      { name: 'react', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      { name: 'react-dom', version: '19.3.1', singleton: true, requiredVersion: '^19.0.0' },
      { name: 'react-router', version: '8.5.3', singleton: true, requiredVersion: '^8.0.0' },
      { name: '@tanstack/react-query', version: '5.108.0', singleton: true, requiredVersion: '^5.0.0' },
      { name: '@lamplight/session', version: '0.0.0', singleton: true, requiredVersion: '' },
    ],
  }
  edit(m)
  return m
}

describe('the remote contract', () => {
  it("reads the shell's versions from its package.json", () => {
    expect(SHELL).toMatchObject({
      react: '19.3.1',
      'react-dom/client': '19.3.1',
      'react-router': '8.5.3',
      sonner: '2.0.8',
      '@module-federation/enhanced': '2.9.2',
    })
  })

  it('accepts a compatible manifest and reports its stamped version', () => {
    expect(checkRemoteManifest(manifest(), SHELL, { federationName: 'storefront' })).toEqual({
      ok: true,
      version: '1.4.0-abc1234',
    })
  })

  it.each([
    ['not an object', () => [], /not a JSON object/],
    ['another remote', () => manifest((m) => (m.name = 'puzzle_app')), /is for "puzzle_app"/],
    [
      'no ./routes',
      () => manifest((m) => (m.exposes = [{ name: 'app', path: './app' }])),
      /does not expose "\.\/routes"/,
    ],
    ['no exposes', () => manifest((m) => delete m.exposes), /lists no exposed modules/],
    ['react not shared', () => manifest((m) => (m.shared = m.shared.slice(1))), /does not share react;/],
    [
      'react-query not shared',
      () => manifest((m) => (m.shared = m.shared.filter((s) => s.name !== '@tanstack/react-query'))),
      /does not share @tanstack\/react-query;/,
    ],
    [
      'the session not a singleton',
      () =>
        manifest((m) => {
          const session = m.shared.find((s) => s.name === '@lamplight/session')
          if (session) session.singleton = false
        }),
      /shares @lamplight\/session but not as a singleton/,
    ],
    [
      'requires a React range the shell does not provide',
      () =>
        manifest((m) => {
          const react = m.shared.find((s) => s.name === 'react')
          if (react) react.requiredVersion = '^18.2.0'
        }),
      /requires react \^18\.2\.0, but the shell provides 19\.3\.1/,
    ],
    [
      "built with another minor release of Module Federation (it runs on the shell's runtime)",
      () => manifest((m) => ((m.metaData as { pluginVersion: string }).pluginVersion = '2.8.1')),
      /built with Module Federation 2\.8\.1; the shell runs 2\.9\.2.*rebuild it with 2\.9\.x/,
    ],
    [
      'no Module Federation version',
      () => manifest((m) => delete (m.metaData as { pluginVersion?: string }).pluginVersion),
      /built with Module Federation \(unknown\)/,
    ],
    [
      'not a singleton',
      () => manifest((m) => (m.shared[2]!.singleton = false)),
      /react-router but not as a singleton/,
    ],
    [
      'built with React 18',
      () => manifest((m) => (m.shared[0]!.version = '18.3.1')),
      /react 18\.3\.1, outside the shell's range/,
    ],
    [
      'requires a newer router',
      () => manifest((m) => (m.shared[2]!.requiredVersion = '^8.99.0')),
      /requires react-router \^8\.99\.0, but the shell provides 8\.5\.3/,
    ],
    ['a nonsense range', () => manifest((m) => (m.shared[1]!.requiredVersion = 'lots')), /not a range/],
  ])('refuses %s', (_, make, message) => {
    const result = checkRemoteManifest(make(), SHELL, { federationName: 'storefront' })
    expect(result.ok).toBe(false)
    expect(result.ok ? '' : result.problems.join(' ')).toMatch(message)
  })
})
