import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { STREAM_ABOVE_BYTES } from '../../legacy/client.ts'
import { LEGACY, signedIn, testApp } from '../../testing.ts'

afterEach(() => nock.cleanAll())

describe('pass-through bodies', () => {
  it('sends a large answer on as it streams, byte for byte and with its length; a small one whole', async () => {
    const app = await testApp()
    const cookie = await signedIn(app)
    const big = JSON.stringify({ data: Array.from({ length: 4000 }, (_, id) => ({ id, nome: `Candidata ${id}`, obs: 'ação, "aspas" e ç' })) })
    expect(Buffer.byteLength(big)).toBeGreaterThan(STREAM_ABOVE_BYTES)
    nock(LEGACY)
      .get('/api/processos_seletivos/7/candidatos')
      .reply(200, big, { 'content-length': String(Buffer.byteLength(big)) })
      .get('/api/processos_seletivos')
      .reply(200, '{"data":[]}', { 'content-length': '11' })
    const large = await app.inject({ method: 'GET', url: '/api/processos_seletivos/7/candidatos', headers: { cookie } })
    expect(large.statusCode).toBe(200)
    expect(large.headers['content-length']).toBe(String(Buffer.byteLength(big)))
    expect(large.headers['content-type']).toBe('application/json; charset=utf-8')
    expect(large.body).toBe(big)
    const small = await app.inject({ method: 'GET', url: '/api/processos_seletivos', headers: { cookie } })
    expect(small.body).toBe('{"data":[]}')
    await app.close()
  })

  it('streams an answer of unannounced length, and turns a failed one into the one error shape', async () => {
    const app = await testApp()
    const cookie = await signedIn(app)
    nock(LEGACY).get('/api/candidatos').query({ page: '2' }).reply(200, '{"data":[{"id":1}],"last_page":2}').get('/api/candidatos/sem-status').reply(503, 'down')
    const page = await app.inject({ method: 'GET', url: '/api/candidatos?page=2', headers: { cookie } })
    expect(JSON.parse(page.body)).toEqual({ data: [{ id: 1 }], last_page: 2 })
    const failed = await app.inject({ method: 'GET', url: '/api/candidatos/sem-status', headers: { cookie } })
    expect(failed.statusCode).toBe(502)
    expect(JSON.parse(failed.body)).toEqual({ message: expect.any(String) })
    await app.close()
  })
})
