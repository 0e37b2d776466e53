import Fastify from 'fastify'
import { describe, expect, it } from 'vitest'
import { legacyPlugin } from '../legacy/plugin.ts'
import { routeAccessPlugin } from './route-access.ts'

async function appWithAccess() {
  const app = Fastify()
  await app.register(legacyPlugin, { client: { request: async () => expect.fail('no legacy call expected') } })
  await app.register(routeAccessPlugin)
  return app
}

describe('route access declared on each route', () => {
  it('stops the BFF at start-up when a /bff, /api or health route declares no access', async () => {
    const app = await appWithAccess()
    expect(() => app.get('/bff/sem-regra', async () => ({}))).toThrow('No access rule for GET /bff/sem-regra')
    expect(() => app.post('/api/*', async () => ({}))).toThrow('No access rule for POST /api/*')
    expect(() => app.get('/healthz', async () => ({}))).toThrow('No access rule for GET /healthz')
    await app.close()
  })
  it('records each declaration for the route × role tests, and leaves the SPA’s files alone', async () => {
    const app = await appWithAccess()
    app.get('/bff/x/:id', { config: { access: 'own-vacancy' } }, async () => ({}))
    app.route({ method: ['GET', 'POST'], url: '/api/*', config: { access: 'policy' }, handler: async () => ({}) })
    app.get('/assets/*', async () => ({}))
    await app.ready()
    expect(Object.fromEntries(app.routeAccess)).toEqual({ 'GET /bff/x/:id': 'own-vacancy', 'GET /api/*': 'policy', 'POST /api/*': 'policy' })
    await app.close()
  })
  it('answers 401 before reading anything, and 403 to a company on another company’s vacancy', async () => {
    const app = Fastify()
    const paths: string[] = []
    await app.register(legacyPlugin, {
      client: {
        request: async (r) => {
          paths.push(r.path)
          return { status: 200, headers: new Headers(), body: { data: { id: 7, cnpj: '11111111000111' } }, raw: Buffer.from('') }
        },
      },
    })
    app.decorateRequest('session', null)
    app.addHook('onRequest', async (request) => {
      const role = request.headers['x-role']
      if (role === 'company' || role === 'admin')
        request.session = { sid: 's', token: 't', user: { name: 'E', email: 'e@x', role, cnpj: '22222222000122' }, issuedAt: 0, lastSeenAt: 0 }
    })
    await app.register(routeAccessPlugin)
    app.get('/bff/vagas/:id', { config: { access: 'own-vacancy' } }, async (request) => ({ id: (await request.owned.vacancy()).id }))
    expect((await app.inject({ url: '/bff/vagas/7' })).statusCode).toBe(401)
    expect(paths).toEqual([])
    expect((await app.inject({ url: '/bff/vagas/7', headers: { 'x-role': 'company' } })).statusCode).toBe(403)
    expect(paths).toEqual(['/processos_seletivos/7'])
    const admin = await app.inject({ url: '/bff/vagas/7', headers: { 'x-role': 'admin' } })
    expect(admin.json()).toEqual({ id: 7 })
    await app.close()
  })
})
