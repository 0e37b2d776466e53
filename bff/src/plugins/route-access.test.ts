import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { routeAccessPlugin } from './route-access.ts'

describe('route access table', () => {
  it('stops the BFF at start-up when a /bff route has no rule', async () => {
    const app = Fastify()
    await app.register(routeAccessPlugin)
    expect(() => app.get('/bff/sem-regra', async () => ({}))).toThrow('No access rule for GET /bff/sem-regra')
    await app.close()
  })
  it('leaves the pass-through and the SPA’s files to their own rules', async () => {
    const app = Fastify()
    await app.register(routeAccessPlugin)
    app.get('/api/*', async () => ({}))
    app.get('/assets/*', async () => ({}))
    await app.ready()
    await app.close()
  })
})
