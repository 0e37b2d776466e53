import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpClient, STREAM_ABOVE_BYTES, UpstreamError, type UpstreamResponse } from './client.ts'

const BASE = 'http://legacy.test/api'
const noSleep = async () => {}
const client = (overrides = {}) => createHttpClient({ baseUrl: BASE, timeoutMs: 2000, retries: 2, sleep: noSleep, ...overrides })

afterEach(() => {
  nock.cleanAll()
})

describe('legacy HTTP client', () => {
  it('sends the session token and JSON, with no other browser header', async () => {
    const scope = nock('http://legacy.test', { badheaders: ['cookie', 'x-forwarded-for', 'forwarded'] })
      .post('/api/candidatos', { a: 1 })
      .matchHeader('authorization', 'Bearer 1|abc')
      .matchHeader('content-type', 'application/json')
      .reply(201, { data: { id: 5 } })
    const res = await client().request({ method: 'POST', path: '/candidatos', body: { a: 1 }, token: '1|abc' })
    expect(res).toMatchObject({ status: 201, body: { data: { id: 5 } } })
    scope.done()
  })
  it('adds query parameters and skips undefined ones', async () => {
    nock('http://legacy.test').get('/api/candidatos').query({ page: '2' }).reply(200, { data: [] })
    expect((await client().request({ method: 'GET', path: '/candidatos', query: { page: '2', start_date: undefined } })).status).toBe(200)
  })
  it('retries a safe read on 503 and on a reset connection, then succeeds', async () => {
    nock('http://legacy.test').get('/api/x').reply(503).get('/api/x').replyWithError('socket hang up').get('/api/x').reply(200, { ok: true })
    expect((await client().request({ method: 'GET', path: '/x' })).body).toEqual({ ok: true })
  })
  it('gives up after the bounded number of retries', async () => {
    const scope = nock('http://legacy.test').get('/api/x').times(3).reply(502)
    const res = await client().request({ method: 'GET', path: '/x' })
    expect(res.status).toBe(502)
    scope.done()
    nock('http://legacy.test').get('/api/y').times(3).replyWithError('connect ECONNREFUSED')
    await expect(client().request({ method: 'GET', path: '/y' })).rejects.toMatchObject({ kind: 'unreachable' })
  })
  it('never retries unsafe methods', async () => {
    const scope = nock('http://legacy.test').put('/api/x').reply(503)
    const res = await client().request({ method: 'PUT', path: '/x', body: {} })
    expect(res.status).toBe(503)
    scope.done()
    nock('http://legacy.test').post('/api/y').replyWithError('socket hang up')
    await expect(client().request({ method: 'POST', path: '/y', body: {} })).rejects.toBeInstanceOf(UpstreamError)
    expect(nock.pendingMocks()).toEqual([])
  })
  it('does not retry 429 and hands back Retry-After', async () => {
    const scope = nock('http://legacy.test').get('/api/x').reply(429, { message: 'Too Many Attempts.' }, { 'Retry-After': '7' })
    const res = await client().request({ method: 'GET', path: '/x' })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    scope.done()
  })
  it('fails with a timeout inside one overall deadline, retries included', async () => {
    // A real server that accepts and never answers (nock's delayed replies trip undici on abort).
    const silent = createServer(() => {})
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done))
    const { port } = silent.address() as AddressInfo
    try {
      const started = Date.now()
      const slow = createHttpClient({ baseUrl: `http://127.0.0.1:${port}/api`, timeoutMs: 250, retries: 2, sleep: noSleep })
      await expect(slow.request({ method: 'GET', path: '/slow' })).rejects.toMatchObject({ kind: 'timeout' })
      expect(Date.now() - started).toBeLessThan(2000)
    } finally {
      silent.closeAllConnections()
      silent.close()
    }
  })
  it('backs off with jitter between attempts', async () => {
    const waits: number[] = []
    nock('http://legacy.test').get('/api/x').times(2).reply(503).get('/api/x').reply(200, {})
    await client({ sleep: async (ms: number) => void waits.push(ms), random: () => 1 }).request({ method: 'GET', path: '/x' })
    expect(waits).toEqual([100, 200])
    const jittered: number[] = []
    nock('http://legacy.test').get('/api/x').reply(503).get('/api/x').reply(200, {})
    await client({ sleep: async (ms: number) => void jittered.push(ms), random: () => 0 }).request({ method: 'GET', path: '/x' })
    expect(jittered).toEqual([50])
  })
  it('hands a large or unannounced successful body back unread when asked to stream, and reads small and error answers whole', async () => {
    const big = JSON.stringify({ data: Array.from({ length: 5000 }, (_, id) => ({ id, nome: 'Maria da Silva' })) })
    const small = JSON.stringify({ data: [1] })
    nock('http://legacy.test')
      .get('/api/big')
      .reply(200, big, { 'content-length': String(big.length) })
      .get('/api/unannounced')
      .reply(200, small)
      .get('/api/small')
      .reply(200, small, { 'content-length': String(small.length) })
      .get('/api/gone')
      .reply(404, { message: 'Not found' })
    expect(big.length).toBeGreaterThan(STREAM_ABOVE_BYTES)
    const read = async (response: UpstreamResponse) => {
      expect(response.raw.length).toBe(0)
      const chunks: Buffer[] = []
      for await (const chunk of response.stream!) chunks.push(chunk as Buffer)
      return Buffer.concat(chunks).toString()
    }
    expect(await read(await client().request({ method: 'GET', path: '/big', stream: true }))).toBe(big)
    expect(await read(await client().request({ method: 'GET', path: '/unannounced', stream: true }))).toBe(small)
    expect(await client().request({ method: 'GET', path: '/small', stream: true })).toMatchObject({ stream: undefined, body: { data: [1] } })
    const failed = await client({ retries: 0 }).request({ method: 'GET', path: '/gone', stream: true })
    expect(failed).toMatchObject({ status: 404, stream: undefined, body: { message: 'Not found' } })
  })
  it('reads a non-JSON body as null instead of throwing', async () => {
    nock('http://legacy.test').get('/api/html').reply(500, '<html>stack trace here</html>')
    const res = await client({ retries: 0 }).request({ method: 'GET', path: '/html' })
    expect(res).toMatchObject({ status: 500, body: null })
  })
})
