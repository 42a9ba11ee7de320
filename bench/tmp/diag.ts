import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROME_FLAGS } from '../src/web'
import { startSite, ensureDatabase } from '../src/servers'

const databaseUrl = 'postgres://postgres@127.0.0.1:5432/lamplight_perf'
await ensureDatabase(databaseUrl)
const site = await startSite({ port: 4170, databaseUrl, dataDir: '/tmp/lamplight-bench-data' })
const chrome = await chromeLauncher.launch({ chromePath: '/usr/bin/chromium', chromeFlags: CHROME_FLAGS })
try {
  for (const path of (process.env.PAGES ?? '/').split(',')) {
    const r = await lighthouse(`${site.url}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] })
    const lhr = r!.lhr
    const a = (id: string) => lhr.audits[id]
    console.log(`\n== ${path} score ${Math.round(lhr.categories.performance!.score! * 100)} TBT ${Math.round(a('total-blocking-time')!.numericValue!)} LCP ${Math.round(a('largest-contentful-paint')!.numericValue!)} FCP ${Math.round(a('first-contentful-paint')!.numericValue!)} SI ${Math.round(a('speed-index')!.numericValue!)}`)
    const lt = (a('long-tasks')?.details as any)?.items ?? []
    for (const t of lt) console.log(`  long task ${Math.round(t.startTime)} +${Math.round(t.duration)} ${t.url}`)
    const boot = (a('bootup-time')?.details as any)?.items ?? []
    for (const t of boot) console.log(`  bootup ${t.url} total ${Math.round(t.total)} script ${Math.round(t.scripting)} parse ${Math.round(t.scriptParseCompile)}`)
    const mt = (a('mainthread-work-breakdown')?.details as any)?.items ?? []
    console.log('  mainthread', mt.map((t: any) => `${t.group}:${Math.round(t.duration)}`).join(' '))
  }
} finally {
  await chrome.kill()
  await site.stop()
}
