#!/usr/bin/env node
// `npm run console -w admin-app`: the admin console on its own origin.
//
//   PORT (default 3004)            where the console listens
//   HOST (default 0.0.0.0)
//   PUBLIC_API_URL (default http://localhost:3000)   the API it talks to, with cookies
//   CONSOLE_REBUILD=1              build again even if dist-standalone/ exists
//
// The API must list this console's origin in TRUSTED_ORIGINS (e.g.
// TRUSTED_ORIGINS=http://localhost:3004), or the browser refuses the cross-origin calls.
// The build does not contain the API address: this server hands it to the page at
// /runtime-config.js, so one build serves any API.
import { execFileSync } from 'node:child_process'
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs'
import { createServer } from 'node:http'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const appDir = fileURLToPath(new URL('..', import.meta.url))
const distDir = path.join(appDir, 'dist-standalone')
const port = Number(process.env.PORT ?? 3004)
const host = process.env.HOST ?? '0.0.0.0'
const apiUrl = (process.env.PUBLIC_API_URL ?? 'http://localhost:3000').replace(/\/$/, '')

let apiOrigin
try {
  apiOrigin = new URL(apiUrl).origin
} catch {
  console.error(`console: PUBLIC_API_URL is not a URL: ${apiUrl}`)
  process.exit(1)
}

if (process.env.CONSOLE_REBUILD === '1' || !existsSync(path.join(distDir, 'index.html'))) {
  console.log('console: building the standalone console (dist-standalone/)…')
  execFileSync('npm', ['run', 'build:standalone'], {
    cwd: appDir,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_API_URL: '' },
  })
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.map': 'application/json',
}

// The API address goes in before the app's own scripts, which read it at start.
const indexHtml = readFileSync(path.join(distDir, 'index.html'), 'utf8').replace(
  '<head>',
  '<head><script src="/runtime-config.js"></script>',
)
const runtimeConfig = `window.LAMPLIGHT_API_URL = ${JSON.stringify(apiUrl)};\n`

const security = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${apiOrigin}`,
    `connect-src 'self' ${apiOrigin}`,
    "font-src 'self' data:",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    `form-action 'self' ${apiOrigin}`,
  ].join('; '),
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://console')
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.writeHead(405, { Allow: 'GET, HEAD' }).end()
    return
  }
  if (url.pathname === '/runtime-config.js') {
    res.writeHead(200, { ...security, 'Content-Type': TYPES['.js'], 'Cache-Control': 'no-cache' })
    res.end(runtimeConfig)
    return
  }
  const file = path.normalize(path.join(distDir, decodeURIComponent(url.pathname)))
  if (file.startsWith(distDir + path.sep) && existsSync(file) && statSync(file).isFile()) {
    const immutable = file.includes(`${path.sep}static${path.sep}`)
    res.writeHead(200, {
      ...security,
      'Content-Type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
    })
    if (req.method === 'HEAD') res.end()
    else createReadStream(file).pipe(res)
    return
  }
  // Every other path is a page of the console's router.
  res.writeHead(200, { ...security, 'Content-Type': TYPES['.html'], 'Cache-Control': 'no-cache' })
  res.end(req.method === 'HEAD' ? undefined : indexHtml)
})

server.listen(port, host, () => {
  console.log(`console: the admin console is at http://localhost:${port}, using the API at ${apiUrl}`)
  console.log(
    `console: the API needs TRUSTED_ORIGINS to include http://localhost:${port} (or this console's public origin)`,
  )
})
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.close(() => process.exit(0)))
