import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/app'
import { browser } from '../test/client'
import { createTestDatabase, type TestDatabase } from '../test/database'

/** HSTS and CSP (issue 9), and which origins may sign in with no PUBLIC_URL and with one. */
describe('transport headers and trusted origins', () => {
  let database: TestDatabase
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
  }, 180_000)
  afterAll(() => database.destroy())

  const stranger = { incoming: { socket: { remoteAddress: '203.0.113.5' } } }
  const proxy = { incoming: { socket: { remoteAddress: '127.0.0.1' } } }

  it('sends HSTS only over https: never over plain http, even when a stranger claims https', async () => {
    const { app } = createTestApp(database) // PUBLIC_URL http://localhost:3000
    const plain = await app.request('/api/health')
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    const forged = await app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } }, stranger)
    expect(forged.headers.get('strict-transport-security')).toBeNull()
    const proxied = await app.request('/api/health', { headers: { 'X-Forwarded-Proto': 'https' } }, proxy)
    expect(proxied.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)

    const https = createTestApp(database, { PUBLIC_URL: 'https://shop.example' }).app
    expect((await https.request('/api/health')).headers.get('strict-transport-security')).toMatch(/max-age/)
  })

  it("says object-src 'none' in a page's CSP, and default-src 'none' in any other answer's", async () => {
    const { app } = createTestApp(database)
    expect((await app.request('/api/docs')).headers.get('content-security-policy')).toContain(
      "object-src 'none'",
    )
    expect((await app.request('/api/health')).headers.get('content-security-policy')).toMatch(
      /^default-src 'none';/,
    )
  })

  const signUpFrom = async (app: ReturnType<typeof createTestApp>['app'], origin: string, email: string) =>
    (
      await browser(app).request('/api/auth/sign-up/email', {
        body: { email, password: 'correct horse 1', name: 'Alias' },
        // A browser at that address usually carries some cookie: then the origin is checked.
        headers: { Origin: origin, Cookie: 'theme=dark' },
      })
    ).status

  it('with no PUBLIC_URL, lets every loopback name of its own port sign up and sign in', async () => {
    const { app } = createTestApp(database, { PUBLIC_URL: '', PORT: '3000' })
    const aliases = ['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']
    for (const [i, origin] of aliases.entries()) {
      expect(await signUpFrom(app, origin, `alias${i}@example.com`)).toBe(200)
      const signIn = await browser(app).request('/api/auth/sign-in/email', {
        body: { email: `alias${i}@example.com`, password: 'correct horse 1' },
        headers: { Origin: origin, Cookie: 'theme=dark' },
      })
      expect(signIn.status).toBe(200)
    }
    // Another port, or another host, is not us.
    expect(await signUpFrom(app, 'http://127.0.0.1:3001', 'other-port@example.com')).toBe(403)
    expect(await signUpFrom(app, 'http://evil.example', 'evil@example.com')).toBe(403)
  })

  it('with PUBLIC_URL set, trusts exactly the configured origins', async () => {
    const { app } = createTestApp(database, {
      PUBLIC_URL: 'https://shop.example',
      TRUSTED_ORIGINS: 'https://console.example',
    })
    expect(await signUpFrom(app, 'http://127.0.0.1:3000', 'loop@example.com')).toBe(403)
    expect(await signUpFrom(app, 'http://localhost:3000', 'loop2@example.com')).toBe(403)
    expect(await signUpFrom(app, 'https://shop.example', 'shop@example.com')).toBe(200)
    expect(await signUpFrom(app, 'https://console.example', 'console@example.com')).toBe(200)
  })
})
