import { spawnSync } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

const apiDir = fileURLToPath(new URL('..', import.meta.url))
const tsx = path.join(apiDir, '../node_modules/.bin/tsx')

function start(env: Record<string, string>) {
  const result = spawnSync(tsx, ['src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, DATABASE_URL: '', PORT: '0', SEED_ON_EMPTY: 'false', ...env },
    encoding: 'utf8',
    timeout: 90_000,
  })
  return { status: result.status, stderr: result.stderr.trim(), stdout: result.stdout }
}

describe('server start', () => {
  it('ends with one clear line and a non-zero exit when DATABASE_URL is held', () => {
    const { status, stderr } = start({ DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/lamplight' })
    expect(status).toBe(1)
    expect(stderr.split('\n')).toHaveLength(1)
    expect(stderr).toMatch(
      /^lamplight: Cannot reach the database at postgres:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/lamplight/,
    )
    expect(stderr).not.toContain('hunter2')
  })

  it('refuses to open an embedded database another live process holds', () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-lock-'))
    // Our own test runner is alive, so its pid stands in for a running server.
    writeFileSync(path.join(dataDir, 'lamplight.lock'), `${process.ppid}\nthe Lamplight server\n`)
    const { status, stderr } = start({ DATA_DIR: dataDir })
    expect(status).toBe(1)
    expect(stderr).toMatch(/^lamplight: The embedded database in .* is in use by the Lamplight server/)
  })

  it('warns at start, in one line, that CLIENT_IP_HEADER without TRUSTED_PROXIES believes any peer on loopback', () => {
    // A data folder another live process holds: the start logs its settings, then stops at once.
    const dataDir = mkdtempSync(path.join(tmpdir(), 'lamplight-warn-'))
    writeFileSync(path.join(dataDir, 'lamplight.lock'), `${process.ppid}\nthe Lamplight server\n`)
    const held = { DATA_DIR: dataDir, LOG_LEVEL: 'info' }
    const warned = (stdout: string) =>
      stdout
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { level: number; msg: string })
        .filter((line) => line.level === 40)
    const { status, stdout } = start({ ...held, CLIENT_IP_HEADER: 'x-forwarded-for' })
    expect(status).toBe(1)
    const lines = warned(stdout)
    expect(lines).toHaveLength(1)
    expect(lines[0]!.msg).toMatch(/^CLIENT_IP_HEADER \(x-forwarded-for\) is set and TRUSTED_PROXIES is not/)
    // (Named proxies warn of nothing: config.test.ts.)
  })

  it('explains a bad setting in one line', () => {
    const { status, stderr } = start({ PORT: 'eighty' })
    expect(status).toBe(1)
    expect(stderr).toMatch(/^lamplight: Invalid environment: PORT/)
  })
})
