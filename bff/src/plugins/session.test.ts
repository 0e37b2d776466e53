import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CSRF_HEADERS, LEGACY, testApp, signedIn } from '../testing.ts'
import { REVOCATION_RECHECK_MS } from './session.ts'
import { openStore, type Store } from './store.ts'

let apps: FastifyInstance[] = []
afterEach(async () => {
  for (const app of apps) await app.close()
  apps = []
  nock.cleanAll()
})

/** Two instances sharing one store and one clock; every revocation lookup of the store counted. */
async function twoInstances() {
  const store = await openStore({ file: ':memory:' })
  const lookups = { count: 0 }
  const seen = { count: 0 }
  const counted: Store = {
    ...store,
    sessionRevoked: (sid, at) => {
      lookups.count++
      return store.sessionRevoked(sid, at)
    },
    sessionSeen: (sid, at, forgetBefore) => {
      seen.count++
      return store.sessionSeen(sid, at, forgetBefore)
    },
  }
  const clock = { t: Date.parse('2026-11-23T12:00:00Z') }
  const now = () => clock.t
  const [a, b] = [await testApp({}, { store: counted, now }), await testApp({}, { store: counted, now })]
  apps.push(a!, b!)
  const cookie = await signedIn(a!)
  return { a: a!, b: b!, cookie, clock, lookups, seen }
}

const me = (app: FastifyInstance, cookie: string) => app.inject({ method: 'GET', url: '/bff/auth/me', headers: { cookie } })

describe('sessions across instances', () => {
  it('asks the store about a session at most once per recheck interval, not on every request', async () => {
    const { b, cookie, clock, lookups } = await twoInstances()
    for (let i = 0; i < 20; i++) expect((await me(b, cookie)).statusCode).toBe(200)
    expect(lookups.count).toBe(1)
    clock.t += REVOCATION_RECHECK_MS
    expect((await me(b, cookie)).statusCode).toBe(200)
    expect(lookups.count).toBe(2)
  })

  it('a logout on one instance is refused there at once, and on the other within the recheck interval', async () => {
    const { a, b, cookie, clock } = await twoInstances()
    expect((await me(b, cookie)).statusCode).toBe(200) // b has just checked: not revoked
    nock(LEGACY).post('/api/auth/logout').reply(200, {})
    expect((await a.inject({ method: 'POST', url: '/bff/auth/logout', headers: { 'x-csrf': CSRF_HEADERS['x-csrf'], origin: CSRF_HEADERS.origin, cookie } })).statusCode).toBe(204)
    expect((await me(a, cookie)).statusCode).toBe(401)
    clock.t += REVOCATION_RECHECK_MS
    expect((await me(b, cookie)).statusCode).toBe(401)
  })

  it('slides a session once per interval, not once per request that still carries the old cookie', async () => {
    const { a, cookie, clock, seen } = await twoInstances()
    const before = seen.count
    clock.t += 61_000
    const answers = await Promise.all(Array.from({ length: 10 }, () => me(a, cookie)))
    expect(answers.map((x) => x.statusCode)).toEqual(Array(10).fill(200))
    expect(answers.filter((x) => x.headers['set-cookie'] !== undefined)).toHaveLength(1)
    expect(seen.count - before).toBe(1)
    // The refresh counts as activity for the old cookie too: idle expiry slides from it.
    clock.t += 29 * 60_000
    expect((await me(a, cookie)).statusCode).toBe(200)
  })
})
