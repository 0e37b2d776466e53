import nock from 'nock'
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CSRF_HEADERS, LEGACY, TEST_ADMIN, assertEveryDateRangeAnswered, signedIn, testApp } from '../../testing.ts'

// Loading candidates to screen takes a registration period, in both modes: every range gets a
// load or a 4xx with the screen's message.
let app: FastifyInstance
let cookie: string
beforeAll(async () => {
  app = await testApp()
  cookie = await signedIn(app, TEST_ADMIN)
  nock(LEGACY)
    .persist()
    .get(/^\/api\//)
    .reply(200, { data: [], pagination: { current_page: 1, last_page: 1, per_page: 20, total: 0 } })
})
afterAll(async () => {
  await app.close()
  nock.cleanAll()
})

describe('POST /bff/screening/candidates over every date range', () => {
  it('never answers 5xx, global or for one company’s vacancy', { timeout: 120_000 }, async () => {
    for (const mode of ['global', 'empresa'] as const)
      await assertEveryDateRangeAnswered(
        app,
        ({ start, end }) => ({
          method: 'POST',
          url: '/bff/screening/candidates',
          headers: { ...CSRF_HEADERS, cookie },
          payload: { mode, ...(mode === 'empresa' ? { vacancyId: 1 } : {}), start_date: start, end_date: end },
        }),
        60,
      )
  })
})
