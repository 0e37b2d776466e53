import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, MESSAGES } from '../lib/http-error.ts'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF and origin rules for every unsafe request under /bff and /api (docs/architecture.md): the
 * `X-CSRF: 1` header (the SPA's fetch wrapper sends it; a cross-site form cannot), no
 * `Sec-Fetch-Site: cross-site`, an Origin (when sent) equal to the public origin, and a JSON body.
 * Runs before the body is read, so a refused request never reaches the legacy API.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, { publicOrigin }: { publicOrigin: string }) => {
    function refusal(request: FastifyRequest): HttpError | undefined {
      if (!UNSAFE.has(request.method)) return
      const path = request.url
      if (!path.startsWith('/bff/') && !path.startsWith('/api/')) return
      const headers = request.headers
      if (headers['x-csrf'] !== '1') return new HttpError(403, MESSAGES.csrf)
      if (headers['sec-fetch-site'] === 'cross-site') return new HttpError(403, MESSAGES.csrf)
      if (headers.origin !== undefined && headers.origin !== publicOrigin) return new HttpError(403, MESSAGES.csrf)
      const hasBody = (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined
      const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      if (hasBody && type !== 'application/json') return new HttpError(415, MESSAGES.json)
    }
    // Callback style: every request passes here, and most need no promise.
    app.addHook('onRequest', (request, _reply, done) => done(refusal(request)))
  },
  { name: 'csrf' },
)
