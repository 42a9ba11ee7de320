#!/usr/bin/env node
// npm run deployments -- list | activate <remote> <version> | rollback <remote>
//                        | register <remote> <version> <manifest-url>
// The remote registry through the admin API (decision 012); see admin-client.mjs for the
// environment (LAMPLIGHT_API_URL, LAMPLIGHT_ADMIN_EMAIL, LAMPLIGHT_ADMIN_PASSWORD).
import { CliError, connect, run } from './admin-client.mjs'

const USAGE = `usage: npm run deployments -- <command>
  list                                      each remote: active release, rollback target, releases
  activate <remote> <version>               make a registered release active (checked first)
  rollback <remote>                         back to the release active before the current one
  register <remote> <version> <manifest>    register a release hosted elsewhere (a CDN), not active`

const when = (iso) => (iso ? new Date(iso).toISOString().replace('T', ' ').slice(0, 19) + ' UTC' : '-')

function printRemote(d) {
  const active = d.active
    ? `${d.active.version} (live since ${when(d.active.activatedAt)}${d.active.activatedBy ? ` by ${d.active.activatedBy}` : ''})`
    : 'none'
  console.log(`${d.remote}: ${active}`)
  if (d.override) console.log(`  pinned on this server by REMOTE_*_URL: ${d.override}`)
  console.log(`  rollback to: ${d.rollbackTo ?? '-'}`)
  for (const r of d.releases)
    console.log(
      `  ${r.active ? '*' : ' '} ${r.version.padEnd(24)} ${r.manifestUrl}  (last live ${when(r.lastActivatedAt)})`,
    )
}

run(async () => {
  const [command, ...args] = process.argv.slice(2)
  const need = (n) => {
    if (args.length !== n) throw new CliError(USAGE)
  }
  if (!command || command === 'help' || command === '--help') {
    console.log(USAGE)
    return
  }
  const arities = { list: 0, activate: 2, rollback: 1, register: 3 }
  const arity = Object.hasOwn(arities, command) ? arities[command] : undefined
  if (arity === undefined) throw new CliError(USAGE)
  need(arity)
  const api = await connect()
  if (command === 'list') {
    const { data } = await api.call('GET', '/admin/deployments')
    for (const d of data) printRemote(d)
  } else if (command === 'activate') {
    const { data } = await api.call('POST', `/admin/deployments/${encodeURIComponent(args[0])}/activate`, {
      version: args[1],
    })
    console.log(`${data.remote} ${data.active.version} is live: new page loads get it.`)
  } else if (command === 'rollback') {
    const { data } = await api.call('POST', `/admin/deployments/${encodeURIComponent(args[0])}/rollback`)
    console.log(`${data.remote} rolled back to ${data.active.version}: new page loads get it.`)
  } else {
    await api.call('POST', `/admin/deployments/${encodeURIComponent(args[0])}/releases`, {
      version: args[1],
      manifestUrl: args[2],
    })
    console.log(
      `${args[0]} ${args[1]} registered (not active). Activate it with: npm run deployments -- activate ${args[0]} ${args[1]}`,
    )
  }
})
