import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../../types'
import { securityHeaders } from '.'

/** A page and a script, each answering 304 to a client that holds it (as serve-apps does). */
function appWith(remotes: string[] = []) {
  const app = new Hono<AppEnv>()
  app.use(
    securityHeaders({
      remoteOrigins: () => remotes,
      trackerOrigin: null,
      crossOriginResourcePolicy: 'same-origin',
      servedOverHttps: () => false,
      ownPolicy: () => false,
    }),
  )
  app.get('/account', (c) =>
    c.req.header('if-none-match') ? c.body(null, 304) : c.html('<p>Your account</p>'),
  )
  app.get('/static/js/app.js', (c) =>
    c.req.header('if-none-match')
      ? c.body(null, 304)
      : c.body('console.log(1)', 200, { 'Content-Type': 'text/javascript' }),
  )
  return app
}

const csp = (res: Response) => res.headers.get('content-security-policy') ?? ''

describe('security headers (decision 073)', () => {
  it("gives a page our policy, which names the remotes' origins, and the document headers", async () => {
    const res = await appWith(['https://cdn.example.com']).request('/account', {
      headers: { Accept: 'text/html' },
    })
    expect(csp(res)).toMatch(/^default-src 'self'; script-src 'self' https:\/\/cdn\.example\.com;/)
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it("keeps a page's policy on its 304, whose headers replace those of the copy the browser holds", async () => {
    const res = await appWith(['https://cdn.example.com']).request('/account', {
      headers: { Accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.8', 'If-None-Match': 'W/"1"' },
    })
    expect(res.status).toBe(304)
    expect(csp(res)).toMatch(/^default-src 'self'; script-src 'self' https:\/\/cdn\.example\.com;/)
    expect(res.headers.get('cross-origin-opener-policy')).toBe('same-origin')
  })

  it('gives a script, and its 304, the policy that runs nothing and no document headers', async () => {
    const asked: Record<string, string>[] = [{ Accept: '*/*' }, { Accept: '*/*', 'If-None-Match': 'W/"1"' }]
    for (const headers of asked) {
      const res = await appWith().request('/static/js/app.js', { headers })
      expect(csp(res)).toMatch(/^default-src 'none';/)
      expect(res.headers.get('cross-origin-opener-policy')).toBeNull()
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
  })
})
