import type { IncomingMessage, ServerResponse } from 'node:http'
import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/** The CSP of every answer: no inline script or style, no plugins, no <base>, no framing. */
export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
} as const

// Where a page's nonce goes in the page policy helmet writes once (a quoted source helmet accepts).
const NONCE_SLOT = "'nonce-slot'"
let pagePolicy: string | undefined

/**
 * The CSP of one HTML page: the same directives, with one page's nonce allowed for <style>. The
 * dialogs' scroll lock (react-remove-scroll, under Radix) injects a <style> element; the SPA gives it
 * this nonce (get-nonce), so the page needs no 'unsafe-inline'. Scripts stay 'self' only. helmet
 * writes the policy once; each page only puts its nonce in.
 */
export function pageContentSecurityPolicy(styleNonce: string): string {
  pagePolicy ??= helmetHeaders(false, { ...CSP_DIRECTIVES, styleSrc: [...CSP_DIRECTIVES.styleSrc, NONCE_SLOT] })['content-security-policy']!
  return pagePolicy.replace(NONCE_SLOT, `'nonce-${styleNonce}'`)
}

/**
 * Security headers on every answer: a strict CSP (no inline script, no plugins,
 * no <base>, no framing), HSTS in production, nosniff, a Referrer-Policy and COOP.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { production }: { production: boolean }) => {
    const headers = securityHeaders(production)
    // The headers are the same on every answer, so helmet computes them once here
    // instead of per request (@fastify/helmet re-parsed the CSP on each one).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers)
      done()
    })
  },
  { name: 'security-headers' },
)

/** The answers' security headers, as helmet writes them for these options. */
export const securityHeaders = (production: boolean) => helmetHeaders(production, CSP_DIRECTIVES)

function helmetHeaders(production: boolean, directives: Record<string, readonly string[]>): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: Object.fromEntries(Object.entries(directives).map(([name, values]) => [name, [...values]])),
    },
    strictTransportSecurity: production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    crossOriginEmbedderPolicy: false,
    xPoweredBy: true,
  })
  const headers: Record<string, string> = {}
  const response = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  }
  middleware({} as IncomingMessage, response as unknown as ServerResponse, () => {})
  return headers
}
