import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { federationName, type RemoteName } from '@lamplight/routes'
import { checkRemoteManifest, type ManifestCheck, shellSharedVersions } from './remote-contract'

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..')

/**
 * A remote's contract test: its federated build's mf-manifest.json against what the shell
 * expects (exposed modules, shared singletons and their ranges, the shell's own versions).
 * Builds the remote when it has no build yet, or always with CONTRACT_TEST_BUILD=1 (CI);
 * `npm test` builds first through turbo (the remotes' test task depends on their build).
 */
export function checkBuiltRemote(remote: RemoteName): ManifestCheck & { manifest: unknown } {
  const dir = path.join(REPO_ROOT, remote)
  const file = path.join(dir, 'dist', 'mf-manifest.json')
  if (!existsSync(file) || process.env.CONTRACT_TEST_BUILD === '1') {
    execFileSync('npx', ['rsbuild', 'build'], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, LAMPLIGHT_STANDALONE: '' },
    })
  }
  const manifest: unknown = JSON.parse(readFileSync(file, 'utf8'))
  const shell = JSON.parse(readFileSync(path.join(REPO_ROOT, 'shell', 'package.json'), 'utf8'))
  return {
    ...checkRemoteManifest(manifest, shellSharedVersions(shell), { federationName: federationName(remote) }),
    manifest,
  }
}
