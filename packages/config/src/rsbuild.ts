import { execFileSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { federationName, type RemoteName } from '@lamplight/routes'
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin'
import { defineConfig, type RsbuildConfig, type RsbuildConfigSyncFn, type Rspack } from '@rsbuild/core'
import { pluginReact } from '@rsbuild/plugin-react'
import tailwindcss from '@tailwindcss/postcss'
import { federationRuntimeEsmAliases } from './federation-runtime-esm'
import { firstLoadCacheGroup } from './first-load-chunk'
import { pluginPrecompress } from './precompress'
import { scopeUtilities } from './scope-utilities'
import {
  browserShared,
  REACT_ROUTER_IMPL,
  reactRouterProductionEntry,
  SHARED,
  TANSTACK_QUERY_IMPL,
  tanstackQueryEntry,
} from './shared'

export { SHARED } from './shared'

/** Where a remote's server (Node) build sits inside its build: `dist/server/mf-manifest.json`. */
export const SERVER_DIR = 'server'

/** Dev-server ports. In one-port mode (`npm start`) everything is served by the API instead. */
export const DEV_PORTS: Record<'shell' | 'api' | RemoteName, number> = {
  shell: 3000,
  api: 3001,
  storefront: 3101,
  'resources-app': 3102,
  'puzzle-app': 3103,
  'admin-app': 3104,
}

/**
 * The browsers the apps are built for (decision 059): those Tailwind CSS 4, our stylesheet's
 * engine, supports (it needs `@property`, `color-mix()` and cascade layers). Older browsers
 * already get a broken page from the CSS, so code transpiled for them (rsbuild's default
 * targets Safari 14 and Chrome 87) only made every script larger.
 */
export const BROWSERS = ['chrome >= 111', 'edge >= 111', 'firefox >= 128', 'safari >= 16.4']

/**
 * The minifying of every browser build (decision 066), beyond rsbuild's production defaults:
 * a third compress pass of SWC's minifier (rspack runs two), and export names mangled for
 * size (rspack's `mangleExports: 'size'`: the shortest names, by how often each is used,
 * where `deterministic` gives every export a two-letter name from a hash). A shared or
 * exposed module keeps its export names (a remote asks for them by name), so only the
 * modules inside a build are renamed. The cost: a module's names can shift when the set of
 * its used exports changes, which changes the chunks that import it (they mostly change
 * then anyway). 0.3 KB gzip less on every first load, about a fifth of a KB of it in the
 * shell's entry; the room react-router 8 needed.
 */
export const BROWSER_MINIFY = { jsOptions: { minimizerOptions: { compress: { passes: 3 } } } }

export function mangleExportsForSize(config: Rspack.Configuration): void {
  config.optimization = { ...config.optimization, mangleExports: 'size' }
}

type AppOptions = {
  /** The app's folder (pass `import.meta.dirname` or `__dirname`). */
  dir: string
  title: string
}

function baseConfig({ dir, title }: AppOptions, port: number, remote?: RemoteName): RsbuildConfig {
  const postcssPlugins = remote
    ? [tailwindcss(), scopeUtilities({ remote, only: dir + path.sep })]
    : [tailwindcss()]
  const apiTarget = `http://localhost:${DEV_PORTS.api}`
  return {
    plugins: [pluginReact(), pluginPrecompress()],
    source: { entry: { index: path.join(dir, 'src/index.ts') } },
    // What the shared `react-router` (react-router-client.mjs) and `@tanstack/react-query`
    // (tanstack-query-client.mjs) re-export from.
    resolve: {
      alias: {
        [`${REACT_ROUTER_IMPL}$`]: reactRouterProductionEntry(),
        [`${TANSTACK_QUERY_IMPL}$`]: tanstackQueryEntry(),
      },
    },
    html: {
      template: path.join(import.meta.dirname, 'index.html'),
      title,
      // No description here: every page renders its own (<PageMeta>, hoisted into <head> by
      // React), and a second, static one would be the one search engines read.
      favicon: path.join(dir, '../packages/ui/src/favicon.svg'),
      tags: [{ tag: 'meta', attrs: { name: 'theme-color', content: '#6b2d2a' } }],
    },
    output: {
      distPath: { root: path.join(dir, 'dist') },
      cleanDistPath: true,
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    tools: { postcss: { postcssOptions: { plugins: postcssPlugins } } },
    server: { port, strictPort: true, historyApiFallback: true, cors: true, proxy: { '/api': apiTarget } },
    dev: { progressBar: false },
  }
}

/** The host: owns the chrome and learns remote locations at run time from /remotes.json. */
export function defineShellConfig(options: AppOptions): RsbuildConfig {
  const base = baseConfig(options, DEV_PORTS.shell)
  return defineConfig({
    ...base,
    output: { ...base.output, assetPrefix: '/' },
    dev: {
      ...base.dev,
      setupMiddlewares: (middlewares) => {
        middlewares.unshift((req, res, next) => {
          if (req.url !== '/remotes.json') return next()
          res.setHeader('Content-Type', 'application/json')
          res.setHeader('Cache-Control', 'no-cache')
          res.end(JSON.stringify(devRemotes()))
        })
      },
    },
    environments: {
      web: {
        output: { overrideBrowserslist: BROWSERS, minify: BROWSER_MINIFY },
        tools: { rspack: mangleExportsForSize },
        // No vendor splits: the chrome's code is one chunk (the bootstrap's), the shared
        // libraries every page starts with are one more (`first-load`, decision 028) instead
        // of one per library, and dynamic imports (the account screens, the phone menu's
        // drawer, the other shared libraries) stay apart. Fewer scripts on every first load,
        // each a request on a phone's few connections and a script tag to add.
        performance: {
          chunkSplit: {
            strategy: 'custom',
            splitChunks: {
              chunks: 'async',
              cacheGroups: { default: false, defaultVendors: false, firstLoad: firstLoadCacheGroup() },
            },
          },
        },
        // The federation runtime's ES module builds, as in the remote entries: the entry
        // 34.4 -> 29.0 KB gzip.
        resolve: { alias: federationRuntimeEsmAliases() },
        plugins: [
          pluginModuleFederation({
            name: federationName('shell'),
            remotes: {},
            shared: browserShared({ host: true }),
            shareStrategy: 'loaded-first',
            dts: false,
            manifest: false,
            // The shell hands its federation runtime to the remotes, so each remote entry does not carry its own copy.
            // `target: 'web'` drops the runtime's Node script loader from the browser build.
            experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
          }),
        ],
      },
      // The server renderer (docs/decisions/016): `dist-server/index.js`, loaded by the API
      // in one-port mode. It is a federation host in Node: it loads each remote's server
      // build (`dist/server/`) through @module-federation/node's runtime and shares React,
      // the router, TanStack Query and the session with it, as the browser shell does.
      // Kept out of `dist/`, which is served to browsers.
      node: {
        source: { entry: { index: path.join(options.dir, 'src/server/index.ts') } },
        output: {
          target: 'node',
          distPath: { root: path.join(options.dir, 'dist-server') },
          // CommonJS in a `"type": "module"` package: Node must not read it as ESM.
          filename: { js: '[name].cjs' },
          minify: false,
        },
        performance: { chunkSplit: { strategy: 'all-in-one' } },
        tools: { htmlPlugin: false },
        plugins: [
          pluginModuleFederation(
            {
              name: federationName('shell'),
              remotes: {},
              shared: SHARED,
              shareStrategy: 'loaded-first',
              dts: false,
              manifest: false,
            },
            { target: 'node', environment: 'node' },
          ),
        ],
      },
    },
  })
}

/**
 * A remote: publishes mf-manifest.json and exposes `./routes`, served from any path or
 * host (`assetPrefix: 'auto'`). Its federated build leans on the shell's federation
 * runtime and has no page of its own. `LAMPLIGHT_STANDALONE=1` (and `rsbuild dev`) builds
 * it as a site instead: its own `index.html` with the standalone harness, its own runtime,
 * into `dist-standalone/` (for admin-app: the separately deployed console).
 */
export function defineRemoteConfig(
  options: AppOptions & { name: RemoteName; exposes: Record<string, string> },
): RsbuildConfigSyncFn {
  return defineConfig(({ command }) => {
    const standalone = process.env.LAMPLIGHT_STANDALONE === '1'
    const federatedBuild = command === 'build' && !standalone
    const base = baseConfig(options, DEV_PORTS[options.name], options.name)
    // The federation plugin writes this into mf-manifest.json's metaData.buildInfo.buildVersion:
    // the version `npm run release` publishes the build under (decision 012).
    if (federatedBuild) process.env.MF_BUILD_VERSION = remoteBuildVersion(options.dir)
    const federation = {
      name: federationName(options.name),
      exposes: options.exposes,
      shared: SHARED,
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: true,
    } as const
    return {
      ...base,
      // The federated build serves no page: its entry must not pull in the standalone harness.
      source: federatedBuild
        ? { entry: { index: path.join(import.meta.dirname, 'no-page.ts') } }
        : base.source,
      output: {
        ...base.output,
        distPath: { root: path.join(options.dir, standalone ? 'dist-standalone' : 'dist') },
        assetPrefix: standalone ? (process.env.PUBLIC_BASE_PATH ?? '/') : 'auto',
      },
      dev: { ...base.dev, assetPrefix: `http://localhost:${DEV_PORTS[options.name]}/` },
      tools: { ...base.tools, htmlPlugin: !federatedBuild },
      environments: {
        web: {
          output: { overrideBrowserslist: BROWSERS, minify: BROWSER_MINIFY },
          tools: { rspack: mangleExportsForSize },
          // The federation runtime's ES module builds in the remote entry (14.8 -> 9.4 KB gzip),
          // as in the shell's. Not in the server builds (bytes cost nothing there), nor a
          // standalone build (it carries its own runtime: left as it was).
          ...(federatedBuild ? { resolve: { alias: federationRuntimeEsmAliases() } } : {}),
          plugins: [
            pluginModuleFederation({
              ...federation,
              shared: browserShared(),
              // `disableRemote`: a remote loads no remotes of its own, so its entry leaves out the
              // bundler runtime's remote loading (-0.7 KB gzip per remote entry).
              experiments: {
                externalRuntime: federatedBuild,
                optimization: { target: 'web', disableRemote: true },
              },
            }),
          ],
        },
        // The server build of the same exposes, published beside the browser build as
        // `dist/server/` (its own mf-manifest.json and remoteEntry.js, CommonJS for
        // Node's federation runtime): the one-port server renders public pages from it
        // (docs/decisions/016). It carries its own federation runtime.
        ...(federatedBuild
          ? {
              node: {
                source: { entry: { index: path.join(options.dir, 'src/routes.tsx') } },
                output: {
                  target: 'node',
                  distPath: { root: path.join(options.dir, 'dist', SERVER_DIR) },
                  cleanDistPath: false,
                  minify: false,
                },
                performance: { chunkSplit: { strategy: 'all-in-one' } },
                tools: { htmlPlugin: false },
                plugins: [pluginModuleFederation(federation, { target: 'node', environment: 'node' })],
              },
            }
          : {}),
      },
      plugins: base.plugins ?? [],
    }
  })
}

/**
 * A remote build's version: `LAMPLIGHT_VERSION` when set, otherwise its package.json
 * version and the commit's short hash (`0.3.0-1a2b3c4`), or `<version>-dev` outside git.
 */
export function remoteBuildVersion(dir: string, env: NodeJS.ProcessEnv = process.env): string {
  if (env.LAMPLIGHT_VERSION) return env.LAMPLIGHT_VERSION
  const { version } = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version?: string }
  let commit = 'dev'
  try {
    commit = execFileSync('git', ['rev-parse', '--short=7', 'HEAD'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim()
  } catch {
    // not a git checkout (a source tarball, a container build): the version says so
  }
  return `${version ?? '0.0.0'}-${commit || 'dev'}`
}

/** The remotes configuration in development: each remote on its own dev server. */
export function devRemotes(): Record<RemoteName, string> {
  return {
    storefront: `http://localhost:${DEV_PORTS.storefront}/mf-manifest.json`,
    'resources-app': `http://localhost:${DEV_PORTS['resources-app']}/mf-manifest.json`,
    'puzzle-app': `http://localhost:${DEV_PORTS['puzzle-app']}/mf-manifest.json`,
    'admin-app': `http://localhost:${DEV_PORTS['admin-app']}/mf-manifest.json`,
  }
}
