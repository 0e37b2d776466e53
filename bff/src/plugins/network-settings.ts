import { isIP } from 'node:net'

/**
 * Which hops in front of the BFF may name the client (X-Forwarded-For), as Fastify's `trustProxy`
 * takes it: nothing (the socket's address is the client), a hop count, or the proxies' addresses
 * and networks. "Trust every hop" is refused: with it, whoever sends their own X-Forwarded-For
 * chooses the address the login and form limits count (docs/decisions/trusted-proxy-hops.md).
 */
export type TrustedProxies = false | number | string

/** proxy-addr's names for address ranges, accepted as they are. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal'])

function isAddressOrNetwork(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true
  const [address, bits, extra] = entry.split('/')
  if (extra !== undefined || !address) return false
  const family = isIP(address)
  if (family === 0) return false
  if (bits === undefined) return true
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)
}

/** Reads TRUST_PROXY; a problem is said in the operator's words and the value is not trusted. */
export function readTrustedProxies(raw: string | undefined, problems: string[]): TrustedProxies {
  const value = raw?.trim() ?? ''
  if (value === '' || ['false', '0', 'no'].includes(value.toLowerCase())) return false
  if (['true', 'yes'].includes(value.toLowerCase())) {
    problems.push(
      'TRUST_PROXY=true would let any client choose its own address with X-Forwarded-For: name the proxies instead, by address or network (e.g. 127.0.0.1 or 10.0.0.0/8, or loopback) or by how many stand in front (e.g. 1)',
    )
    return false
  }
  if (/^\d+$/.test(value)) {
    const hops = Number(value)
    if (hops >= 1 && hops <= 10) return hops
    problems.push(`TRUST_PROXY must be a hop count from 1 to 10, or the proxies' addresses (got "${value}")`)
    return false
  }
  const entries = value.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !isAddressOrNetwork(entry))
  if (wrong.length > 0) {
    problems.push(`TRUST_PROXY must list IP addresses or networks (CIDR), loopback, linklocal or uniquelocal; not ${wrong.map((w) => `"${w}"`).join(', ')}`)
    return false
  }
  return entries.join(',')
}

export interface ListenAddress {
  host: string
  port: number
}

/** `host:port` (an IPv6 host in brackets); a problem is said with the variable's name. */
export function readListenAddress(name: string, raw: string | undefined, problems: string[]): ListenAddress | null {
  const value = raw?.trim() ?? ''
  if (value === '') return null
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(value)
  const host = match?.[1] ?? match?.[2]
  const port = Number(match?.[3])
  if (!host || !(port >= 0 && port <= 65535) || (match?.[1] !== undefined && isIP(host) !== 6)) {
    problems.push(`${name} must be host:port, e.g. 127.0.0.1:9464 (got "${value}")`)
    return null
  }
  return { host, port }
}

/** Whether a listener bound to `host` is reachable from this machine only. */
export const isLoopback = (host: string) => host === 'localhost' || host === '::1' || /^127\./.test(host)

/**
 * The setting as Fastify's `trustProxy` takes it. Fastify trusts the first `n` hops for a number
 * at run time, but its types do not say so; the same rule as a function needs no cast.
 */
export const fastifyTrustProxy = (trusted: TrustedProxies): boolean | string | ((address: string, hop: number) => boolean) =>
  typeof trusted === 'number' ? (_address, hop) => hop < trusted : trusted
