import { BlockList, isIP, isIPv6 } from 'node:net'

/**
 * Client addresses and our proxies, without Hono: read by the configuration (TRUSTED_PROXIES
 * is checked at start-up), by better-auth's options and by the client-ip middleware.
 */

/** Carries our resolved client address to better-auth; any client-sent copy is replaced. */
export const CLIENT_IP_HEADER = 'x-lamplight-client-ip'

/** TRUSTED_PROXIES when CLIENT_IP_HEADER is set and it is not: a proxy on this machine. */
export const DEFAULT_TRUSTED_PROXIES = ['127.0.0.0/8', '::1']

/** Strips the IPv4-in-IPv6 prefix so one client has one spelling. */
export function normaliseIp(ip: string): string {
  return ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '')
}

/**
 * Whom a client address stands for wherever clients are counted (rate limits, the unpaid
 * checkouts per address, the beacon's caps of decision 076): an IPv4 address itself, an IPv6
 * address's /64. One subscriber's network has all of a /64, so counting its addresses one by
 * one would give one client 2^64 allowances.
 */
export function clientNetwork(ip: string | undefined): string {
  if (!ip) return 'unknown'
  const address = normaliseIp(ip.split('%')[0] ?? ip)
  if (!isIPv6(address)) return address
  const [head = '', tail] = address.split('::')
  const groups = (part: string) => (part ? part.split(':') : [])
  // A dotted IPv4 tail is two groups.
  const width = (parts: string[]) => parts.reduce((n, p) => n + (p.includes('.') ? 2 : 1), 0)
  const left = groups(head)
  const right = tail === undefined ? [] : groups(tail)
  const full = [...left, ...Array(Math.max(0, 8 - width(left) - width(right))).fill('0'), ...right]
  return `${full
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`
}

/**
 * A matcher for TRUSTED_PROXIES entries: addresses or CIDR ranges, IPv4 or IPv6.
 * Throws on an entry that is neither (a typo must not silently trust nobody, or everybody).
 */
export function proxyMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList()
  for (const raw of entries) {
    const [address = '', prefix] = raw.trim().split('/')
    const type = isIP(address)
    if (!type) throw new Error(`TRUSTED_PROXIES: "${raw}" is not an address or CIDR range`)
    const family = type === 4 ? 'ipv4' : 'ipv6'
    if (prefix === undefined) list.addAddress(address, family)
    else {
      const bits = Number(prefix)
      if (!/^\d+$/.test(prefix) || bits > (type === 4 ? 32 : 128))
        throw new Error(`TRUSTED_PROXIES: "${raw}" has a bad prefix length`)
      list.addSubnet(address, bits, family)
    }
  }
  const check = (ip: string) => {
    const address = normaliseIp(ip)
    const type = isIP(address)
    if (!type) return false
    return list.check(address, type === 4 ? 'ipv4' : 'ipv6')
  }
  // Our proxies' few addresses are asked about on every request, and BlockList.check builds an
  // address object each time: about 3 % of a cached public read's server CPU (a profile of
  // `bench:cpu`). Answers are remembered, at most MATCH_MEMO_SIZE of them; the memo is emptied
  // when full, since the client addresses a proxy forwards are many and change.
  const memo = new Map<string, boolean>()
  return (ip) => {
    let trusted = memo.get(ip)
    if (trusted === undefined) {
      trusted = check(ip)
      if (memo.size >= MATCH_MEMO_SIZE) memo.clear()
      memo.set(ip, trusted)
    }
    return trusted
  }
}

const MATCH_MEMO_SIZE = 4096

export type ClientIpOptions = {
  /** The header a trusted proxy puts the client address in (lower case); unset: the TCP peer. */
  header?: string
  /** Addresses/CIDRs of our proxies: the header counts only when the TCP peer is one of them. */
  trustedProxies?: readonly string[]
}

/**
 * The client's address for a request. Without a configured header, the TCP peer. With one,
 * the header counts only when the peer is a trusted proxy (anyone else reaching the server
 * directly could write any address there and pick its own rate-limit bucket); then, walking
 * a list like X-Forwarded-For from the right, the first address that is not one of our
 * proxies: entries left of it were written by the client and prove nothing.
 */
export function resolveClientIp(
  peer: string | undefined,
  headerValue: string | undefined,
  isTrusted: (ip: string) => boolean,
): string {
  const direct = peer ? normaliseIp(peer) : 'unknown'
  if (!peer || headerValue === undefined || !isTrusted(peer)) return direct
  let client = direct
  const hops = headerValue.split(',').map((hop) => normaliseIp(hop.trim()))
  for (let i = hops.length - 1; i >= 0; i -= 1) {
    const hop = hops[i] as string
    if (!isIP(hop)) break // garbage: what lies to its left cannot be trusted either
    client = hop
    if (!isTrusted(hop)) break
  }
  return client
}
