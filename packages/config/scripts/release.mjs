#!/usr/bin/env node
// npm run release -w <remote> [-- --version <v>] [--dist <dir>] [--no-register]
//
// Publishes a remote's federated build (`npm run build -w <remote>` first) as an immutable,
// versioned release on this server: copies dist/ to $DATA_DIR/releases/<remote>/<version>/
// (served at /apps/<remote>/<version>/) and registers it through the admin API, without
// making it active (decision 012). The version is the one the build stamped into
// mf-manifest.json (package.json version + commit); --version publishes under another name.
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { CliError, connect, DATA_DIR, REPO_ROOT, run } from './admin-client.mjs'

const REMOTES = ['storefront', 'resources-app', 'puzzle-app', 'admin-app']
const VERSION = /^[0-9A-Za-z][0-9A-Za-z._-]{0,63}$/
const RESERVED = ['bundled', 'static', 'local']

run(async () => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      version: { type: 'string' },
      dist: { type: 'string' },
      'no-register': { type: 'boolean', default: false },
    },
  })
  const remote = positionals[0]
  if (!REMOTES.includes(remote))
    throw new CliError(`usage: release.mjs <${REMOTES.join('|')}> [--version v] [--dist dir] [--no-register]`)
  const dist = path.resolve(values.dist ?? path.join(REPO_ROOT, remote, 'dist'))
  const manifestFile = path.join(dist, 'mf-manifest.json')
  if (!existsSync(manifestFile))
    throw new CliError(`${manifestFile} is missing: build it first (npm run build -w ${remote}).`)
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'))
  const stamped = manifest?.metaData?.buildInfo?.buildVersion
  const version = values.version ?? stamped
  if (!version || !VERSION.test(version) || RESERVED.includes(version))
    throw new CliError(
      `"${version}" cannot be a release version (letters, digits, . _ -; not ${RESERVED.join(', ')}). Pass --version.`,
    )

  const target = path.join(DATA_DIR, 'releases', remote, version)
  if (existsSync(target)) {
    const published = readFileSync(path.join(target, 'mf-manifest.json'), 'utf8')
    const same = JSON.parse(published).metaData?.remoteEntry?.name === manifest.metaData?.remoteEntry?.name
    if (!same)
      throw new CliError(`${target} already holds another build: a version never changes. Pass --version.`)
    console.log(`${remote} ${version} is already published at ${target}`)
  } else {
    // Copy beside the target, then rename: a half-copied release is never served.
    const temp = `${target}.partial-${process.pid}`
    mkdirSync(path.dirname(target), { recursive: true })
    rmSync(temp, { recursive: true, force: true })
    cpSync(dist, temp, { recursive: true })
    if (version !== stamped) {
      manifest.metaData.buildInfo = { ...manifest.metaData.buildInfo, buildVersion: version }
      writeFileSync(path.join(temp, 'mf-manifest.json'), JSON.stringify(manifest, null, 2))
    }
    renameSync(temp, target)
    console.log(`${remote} ${version} published at ${target}`)
  }

  const manifestUrl = `/apps/${remote}/${version}/mf-manifest.json`
  if (values['no-register']) {
    console.log(
      `Not registered. Register it with: npm run deployments -- register ${remote} ${version} ${manifestUrl}`,
    )
    return
  }
  const api = await connect()
  await api.call('POST', `/admin/deployments/${remote}/releases`, { version, manifestUrl })
  console.log(
    `Registered at ${api.apiUrl} (not active). Go live with: npm run deployments -- activate ${remote} ${version}`,
  )
})
