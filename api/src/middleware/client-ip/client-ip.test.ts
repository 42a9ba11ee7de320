import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadConfig } from '../../config'
import { clientNetwork, proxyMatcher, resolveClientIp } from '../../lib/client-address'
import { createTestApp, TEST_ORIGIN } from '../../test/app'
import { createTestDatabase, type TestDatabase } from '../../test/database'

const loopback = proxyMatcher(['127.0.0.0/8', '::1'])
const proxies = proxyMatcher(['10.0.0.0/8', '2001:db8::/32', '192.0.2.10'])

describe('clientNetwork', () => {
  it('takes an IPv4 address as it is and an IPv6 address by its /64, however it is spelled', () => {
    expect(clientNetwork('203.0.113.7')).toBe('203.0.113.7')
    expect(clientNetwork(undefined)).toBe('unknown')
    const net = '2001:db8:1:2::/64'
    for (const ip of [
      '2001:db8:1:2::1',
      '2001:0db8:0001:0002:ffff:0:0:9',
      '2001:db8:1:2:a:b:c:d',
      '2001:db8:1:2::1%eth0',
    ])
      expect(clientNetwork(ip), ip).toBe(net)
    expect(clientNetwork('2001:db8:1:3::1')).not.toBe(net)
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64')
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64')
    // An IPv4 client in IPv6 spelling is the IPv4 client, not everyone's ::ffff:0:0/64.
    expect(clientNetwork('::ffff:203.0.113.7')).toBe('203.0.113.7')
  })
})

describe('resolveClientIp', () => {
  it('ignores the header from a peer that is not a trusted proxy', () => {
    expect(resolveClientIp('203.0.113.9', '198.51.100.1', loopback)).toBe('203.0.113.9')
    expect(resolveClientIp('::ffff:203.0.113.9', '198.51.100.1', loopback)).toBe('203.0.113.9')
  })

  it('takes the right-most address that is not one of our proxies', () => {
    // The client wrote "1.2.3.4, 5.6.7.8"; our two proxies appended the real client and themselves.
    expect(resolveClientIp('10.0.0.2', '1.2.3.4, 5.6.7.8, 198.51.100.7, 10.0.0.1', proxies)).toBe(
      '198.51.100.7',
    )
    expect(resolveClientIp('192.0.2.10', '2001:db8::5, 2001:db9::1', proxies)).toBe('2001:db9::1')
    expect(resolveClientIp('127.0.0.1', '198.51.100.8', loopback)).toBe('198.51.100.8')
  })

  it('never takes a garbage entry, nor anything left of it', () => {
    expect(resolveClientIp('127.0.0.1', '198.51.100.1, not-an-ip', loopback)).toBe('127.0.0.1')
    expect(resolveClientIp('127.0.0.1', 'x, 198.51.100.2', loopback)).toBe('198.51.100.2')
  })

  it('with no socket at all, is "unknown"', () => {
    expect(resolveClientIp(undefined, '198.51.100.1', loopback)).toBe('unknown')
  })
})

describe('proxyMatcher', () => {
  it('answers the same for an address asked again, and after many other addresses', () => {
    expect(proxies('10.2.3.4')).toBe(true)
    expect(proxies('11.2.3.4')).toBe(false)
    // More distinct addresses than it remembers: what it forgets it works out again.
    for (let i = 0; i < 5000; i += 1) expect(proxies(`198.51.${i >> 8}.${i & 255}`)).toBe(false)
    expect(proxies('10.2.3.4')).toBe(true)
    expect(proxies('::ffff:10.2.3.4')).toBe(true)
    expect(proxies('2001:db8::1')).toBe(true)
    expect(proxies('11.2.3.4')).toBe(false)
    expect(proxies('not-an-ip')).toBe(false)
  })
})

describe('TRUSTED_PROXIES', () => {
  const base = { DATA_DIR: '/tmp/x', CLIENT_IP_HEADER: 'X-Forwarded-For' }
  it('defaults to loopback and refuses a typo at start', () => {
    expect(loadConfig(base).trustedProxies).toEqual(['127.0.0.0/8', '::1'])
    expect(loadConfig({ ...base, TRUSTED_PROXIES: '10.1.0.0/16, 192.0.2.1' }).trustedProxies).toEqual([
      '10.1.0.0/16',
      '192.0.2.1',
    ])
    expect(() => loadConfig({ ...base, TRUSTED_PROXIES: '10.1.0.0/99' })).toThrow(/TRUSTED_PROXIES/)
    expect(() => loadConfig({ ...base, TRUSTED_PROXIES: 'proxy.local' })).toThrow(/TRUSTED_PROXIES/)
  })
})

describe('a client reaching the server directly with a forged X-Forwarded-For', () => {
  let database: TestDatabase
  let app: ReturnType<typeof createTestApp>['app']
  beforeAll(async () => {
    database = await createTestDatabase('pglite')
    app = createTestApp(database).app
  }, 180_000)
  afterAll(() => database.destroy())

  it('cannot pick a fresh rate-limit bucket with each request', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 12; i += 1) {
      const res = await app.request(
        '/api/auth/sign-in/email',
        {
          method: 'POST',
          headers: {
            Origin: TEST_ORIGIN,
            'Content-Type': 'application/json',
            'X-Forwarded-For': `198.51.100.${i + 1}`,
          },
          body: JSON.stringify({ email: `nobody${i}@example.com`, password: 'wrong password' }),
        },
        // Not our proxy: a stranger on the internet, the server listening on 0.0.0.0.
        { incoming: { socket: { remoteAddress: '203.0.113.66' } } },
      )
      statuses.push(res.status)
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThan(12)
    expect(statuses.at(-1)).toBe(429)
  })
})
