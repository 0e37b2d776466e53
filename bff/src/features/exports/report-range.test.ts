import nock from 'nock'
import { afterAll, beforeAll, describe, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { LEGACY, assertEveryDateRangeAnswered, signedIn, testApp } from '../../testing.ts'

// Any range of dates a user can ask relatorio.xlsx for gets a file or a 4xx with a message, over
// the whole date space (a property, not a list of cases): December of year 9999 once answered
// 500, as splitting the range into windows stepped past the last date there is.
let app: FastifyInstance
let cookie: string
beforeAll(async () => {
  app = await testApp()
  cookie = await signedIn(app, { name: 'A', email: 'a@x', role: 'admin', cnpj: '1' }, '1|t')
  nock(LEGACY)
    .persist()
    .get(/^\/api\/excel_relatorio/)
    .reply(200, [])
})
afterAll(async () => {
  await app.close()
  nock.cleanAll()
})

describe('GET /bff/exports/relatorio.xlsx over every date range', () => {
  it('answers a file or a 4xx with a Portuguese message, never a 5xx', { timeout: 120_000 }, () =>
    assertEveryDateRangeAnswered(app, ({ start, end }) => ({ url: `/bff/exports/relatorio.xlsx?start_date=${start}&end_date=${end}`, headers: { cookie } })),
  )
})
