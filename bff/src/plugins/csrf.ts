import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, MESSAGES } from '../lib/http-error.ts'

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])

/**
 * CSRF and origin rules for every unsafe request under /bff and /api (DESIGN.md §5): the
 * `X-CSRF: 1` header (the SPA's fetch wrapper sends it; a cross-site form cannot), no
 * `Sec-Fetch-Site: cross-site`, an Origin (when sent) equal to the public origin, and a JSON body.
 * Runs before the body is read, so a refused request never reaches the legacy API.
 */
export const csrfPlugin = fp(
  async (app: FastifyInstance, { publicOrigin }: { publicOrigin: string }) => {
    app.addHook('onRequest', async (request) => {
      if (!UNSAFE.has(request.method)) return
      const path = request.url
      if (!path.startsWith('/bff/') && !path.startsWith('/api/')) return
      const headers = request.headers
      if (headers['x-csrf'] !== '1') throw new HttpError(403, MESSAGES.csrf)
      if (headers['sec-fetch-site'] === 'cross-site') throw new HttpError(403, MESSAGES.csrf)
      if (headers.origin !== undefined && headers.origin !== publicOrigin) throw new HttpError(403, MESSAGES.csrf)
      const hasBody = (headers['content-length'] !== undefined && headers['content-length'] !== '0') || headers['transfer-encoding'] !== undefined
      const type = (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase()
      if (hasBody && type !== 'application/json') throw new HttpError(415, MESSAGES.json)
    })
  },
  { name: 'csrf' },
)
