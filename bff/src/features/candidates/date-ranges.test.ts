import nock from 'nock'
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { LEGACY, TEST_ADMIN, assertEveryDateRangeAnswered, signedIn, testApp } from '../../testing.ts'

// The all-candidates list and its CSV filter by registration dates: every range gets rows or a 4xx.
let app: FastifyInstance
let cookie: string
beforeAll(async () => {
  app = await testApp()
  cookie = await signedIn(app, TEST_ADMIN)
  nock(LEGACY)
    .persist()
    .get(/^\/api\/candidatos/)
    .reply(200, [])
})
afterAll(async () => {
  await app.close()
  nock.cleanAll()
})

describe('candidates by registration dates, over every date range', () => {
  it('the list, by status and by search, never answers 5xx', { timeout: 120_000 }, async () => {
    await assertEveryDateRangeAnswered(app, ({ start, end }) => ({ url: `/bff/candidates?status=triado&start_date=${start}&end_date=${end}`, headers: { cookie } }), 60)
    await assertEveryDateRangeAnswered(app, ({ start, end }) => ({ url: `/bff/candidates?q=maria&start_date=${start}&end_date=${end}`, headers: { cookie } }), 60)
  })
  it('the CSV never answers 5xx', { timeout: 120_000 }, () =>
    assertEveryDateRangeAnswered(app, ({ start, end }) => ({ url: `/bff/candidates.csv?q=maria&start_date=${start}&end_date=${end}`, headers: { cookie } }), 60),
  )
})
