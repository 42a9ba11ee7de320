import { startSite } from '../src/servers'
const s = await startSite({ port: 4170, databaseUrl: 'postgres://postgres@127.0.0.1:5432/lamplight_perf', dataDir: '/tmp/lamplight-bench-data' })
console.log('up')
process.on('SIGTERM', () => s.stop().then(() => process.exit(0)))
setInterval(() => {}, 1 << 30)
