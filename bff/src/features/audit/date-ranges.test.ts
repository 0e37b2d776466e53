import { afterAll, beforeAll, describe, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { TEST_ADMIN, assertEveryDateRangeAnswered, signedIn, testApp } from '../../testing.ts'

// The audit trail's export takes a period: every range gets a CSV or a 4xx.
let app: FastifyInstance
let cookie: string
beforeAll(async () => {
  app = await testApp()
  cookie = await signedIn(app, TEST_ADMIN)
})
afterAll(() => app.close())

describe('GET /bff/audit.csv over every date range', () => {
  it('never answers 5xx', { timeout: 120_000 }, () =>
    assertEveryDateRangeAnswered(app, ({ start, end }) => ({ url: `/bff/audit.csv?start_date=${start}&end_date=${end}`, headers: { cookie } })),
  )
})
