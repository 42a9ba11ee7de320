import fs from 'node:fs'
import { createRequire } from 'node:module'
const require = createRequire(import.meta.url)
const { SourceMapConsumer } = require('/work/main/node_modules/source-map')
const consumers = new Map()
function mapFrame(f) {
  const m = f.url.match(/^http:\/\/127\.0\.0\.1:4170\/(apps\/([^/]+)\/)?(.*)$/)
  if (!m || !f.url.endsWith('.js')) return null
  const dir = m[2] ? `/work/main/${m[2]}/dist/` : '/work/main/shell/dist/'
  const file = dir + m[3] + '.map'
  if (!consumers.has(file)) consumers.set(file, fs.existsSync(file) ? new SourceMapConsumer(JSON.parse(fs.readFileSync(file, 'utf8'))) : null)
  const c = consumers.get(file)
  if (!c) return null
  const pos = c.originalPositionFor({ line: f.lineNumber + 1, column: f.columnNumber })
  if (!pos.source) return null
  return { src: pos.source.replace(/^.*node_modules\//, 'nm/').replace(/^webpack:\/\/[^/]*\//, ''), line: pos.line, name: pos.name }
}
import { chromium } from '/work/main/node_modules/playwright-core/index.mjs'
const url = process.argv[2]
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking'] })
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true })
const page = await ctx.newPage()
const cdp = await ctx.newCDPSession(page)
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
await cdp.send('Profiler.enable')
await cdp.send('Profiler.setSamplingInterval', { interval: 200 })
await cdp.send('Profiler.start')
await page.goto(url)
await page.waitForSelector('html[data-hydrated]', { timeout: 30000 })
await page.waitForTimeout(1500)
const { profile } = await cdp.send('Profiler.stop')
const byId = new Map(profile.nodes.map(n => [n.id, n]))
const self = new Map()
const dt = profile.timeDeltas; const samples = profile.samples
for (let i = 0; i < samples.length; i++) { self.set(samples[i], (self.get(samples[i]) ?? 0) + (dt[i] ?? 0)) }
const agg = new Map(); const byUrl = new Map()
for (const [id, t] of self) { const n = byId.get(id); const f = n.callFrame; const mf = mapFrame(f); const key = mf ? `${mf.name || f.functionName} ${mf.src}:${mf.line}` : `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`; agg.set(key, (agg.get(key) ?? 0) + t); const u = mf ? mf.src.split('/').slice(0, mf.src.startsWith('nm/@') ? 3 : 2).join('/') : (f.url.split('/').pop() || f.functionName); byUrl.set(u, (byUrl.get(u) ?? 0) + t) }
const top = [...agg].sort((a,b)=>b[1]-a[1]).slice(0, Number(process.argv[3] ?? 30))
for (const [k, t] of top) console.log((t/1000).toFixed(1).padStart(8), 'ms', k)
console.log('--- callers')
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id)
const want = (process.env.CALLERS ?? '').split(',').filter(Boolean)
for (const w of want) {
  const paths = new Map()
  for (const [id, t] of self) { const n = byId.get(id); if (n.callFrame.functionName !== w && !(mapFrame(n.callFrame)?.src ?? '').includes(w)) continue
    const chain = []; let p = parent.get(id); while (p && chain.length < 8) { const f = byId.get(p).callFrame; const mf = mapFrame(f); chain.push(mf ? `${mf.name || f.functionName}@${mf.src.split('/').slice(-2).join('/')}:${mf.line}` : f.functionName || '(anon)'); p = parent.get(p) }
    const k = chain.join(' < '); paths.set(k, (paths.get(k) ?? 0) + t) }
  for (const [k, t] of [...paths].sort((a,b)=>b[1]-a[1]).slice(0, 6)) console.log((t/1000).toFixed(1).padStart(8), w, '<', k)
}
console.log('--- by url')
for (const [k, t] of [...byUrl].sort((a,b)=>b[1]-a[1]).slice(0,15)) console.log((t/1000).toFixed(1).padStart(8), 'ms', k)
await browser.close()
