import { connect } from 'node:net'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testApp } from '../testing.ts'
import { EDGE_MESSAGES } from './edge-errors.ts'

// Requests refused before any route get the one error shape in Portuguese, never Fastify's or
// Node's English bodies (which echoed the URL). Sent on a raw socket: these are what a browser or
// a scanner can send and fetch cannot.
let app: FastifyInstance
let port: number
beforeAll(async () => {
  app = await testApp()
  port = Number(new URL(await app.listen({ port: 0, host: '127.0.0.1' })).port)
})
afterAll(() => app.close())

function raw(request: string): Promise<{ status: number; body: unknown; head: string }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request))
    let data = ''
    socket.on('data', (chunk) => (data += chunk))
    socket.on('error', () => {}) // the server closes after answering; what it said is in `data`
    socket.on('close', () => {
      const [head, body] = [data.slice(0, data.indexOf('\r\n\r\n')), data.slice(data.indexOf('\r\n\r\n') + 4)]
      if (!head) return reject(new Error(`no answer: ${JSON.stringify(data)}`))
      resolve({ status: Number(head.split(' ')[1]), head, body: JSON.parse(body) })
    })
  })
}

describe('requests refused before any route', () => {
  it('a URL that cannot be decoded: 400 in Portuguese, the URL not echoed', async () => {
    const answer = await raw('GET /bff/%c0%ae HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: EDGE_MESSAGES.badUrl })
  })
  it('a path segment past the router’s limit: 414', async () => {
    const answer = await raw(`GET /bff/vacancies/by-slug/${'a'.repeat(200)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`)
    expect(answer.status).toBe(414)
    expect(answer.body).toEqual({ message: EDGE_MESSAGES.longUrl })
  })
  it('headers, or a request line, past Node’s limit: 431', async () => {
    for (const request of [`GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`, `GET /${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`]) {
      const answer = await raw(request)
      expect(answer.status).toBe(431)
      expect(answer.head).toContain('Content-Type: application/json; charset=utf-8')
      expect(answer.body).toEqual({ message: EDGE_MESSAGES.bigHeaders })
    }
  })
  it('a request Node cannot parse: 400', async () => {
    const answer = await raw('GARBAGE\r\n\r\n')
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: EDGE_MESSAGES.badRequest })
  })
})
