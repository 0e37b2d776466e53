import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SITE_NAME } from '@mini-vagas/shared/constants/site'
import { MESSAGES } from '../lib/http-error.ts'

/**
 * Serves the built SPA: hashed assets cached for a year, and the history fallback (any other GET
 * that wants HTML gets the page shell — index.html with its CSP nonce — so deep links work). Unknown /api and
 * /bff paths answer `{message}` 404s instead.
 */
export const spaPlugin = fp(
  async (app: FastifyInstance, { staticDir }: { staticDir: string }) => {
    const root = resolve(staticDir)
    const hasBuild = existsSync(resolve(root, 'index.html'))
    if (hasBuild) {
      await app.register(fastifyStatic, {
        root,
        wildcard: false,
        index: false,
        setHeaders(res, path) {
          res.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    }
    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? ''
      const wantsPage = request.method === 'GET' && !path.startsWith('/api/') && !path.startsWith('/bff/') && !/\.[a-z0-9]+$/i.test(path)
      if (hasBuild && wantsPage) return reply.sendPage({ title: SITE_NAME })
      return reply.code(404).send({ message: MESSAGES.notFound })
    })
  },
  { name: 'spa', dependencies: ['page-shell'] },
)
