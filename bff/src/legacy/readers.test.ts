import nock from 'nock'
import { afterEach, describe, expect, it } from 'vitest'
import { createHttpClient } from './client.ts'
import { readFieldErrors, readList, readLogin, readMessage, readOne, readPage, readStatusCounts } from './readers.ts'

const rows = [{ id: 1 }, { id: 2 }]
const client = createHttpClient({ baseUrl: 'http://legacy.test/api', timeoutMs: 2000, retries: 0 })
afterEach(() => nock.cleanAll())

// Each documented variant, as the legacy API would send it over HTTP.
async function fetched(body: unknown) {
  nock('http://legacy.test')
    .get('/api/r')
    .reply(200, body as nock.Body)
  return (await client.request({ method: 'GET', path: '/r' })).body
}

describe('readList', () => {
  it.each([
    ['a bare array', rows],
    ['{data: [...]}', { data: rows }],
    ['{data: {data: [...]}}', { data: { data: rows } }],
    ['a paginated answer', { data: rows, pagination: { total: 2 } }],
  ])('reads %s', async (_name, body) => {
    expect(readList(await fetched(body))).toEqual(rows)
  })
  it('reads anything else as empty', () => {
    for (const body of [null, 'x', { data: 'x' }, { data: { data: 1 } }, 42]) expect(readList(body)).toEqual([])
  })
})

describe('readOne', () => {
  it.each([
    ['the object', { id: 3, a: 1 }],
    ['{data: {...}}', { data: { id: 3, a: 1 } }],
    ['{data: {data: {...}}}', { data: { data: { id: 3, a: 1 } } }],
  ])('reads %s', async (_name, body) => {
    expect(readOne(await fetched(body))).toEqual({ id: 3, a: 1 })
  })
  it('gives null for lists, scalars and id-less objects', () => {
    for (const body of [[{ id: 1 }], null, 'x', { message: 'x' }]) expect(readOne(body)).toBeNull()
  })
})

describe('readPage', () => {
  const pagination = { current_page: 2, last_page: 5, per_page: 20, total: 90 }
  it.each([
    ['{data, pagination}', { data: rows, pagination }],
    ["Laravel's paginator", { data: rows, ...pagination }],
    ['a nested paginator', { data: { data: rows, ...pagination } }],
    ['a nested {data, pagination}', { data: { data: rows, pagination } }],
    ['{data, meta}', { data: rows, meta: pagination }],
  ])('reads %s', async (_name, body) => {
    expect(readPage(await fetched(body))).toEqual({ items: rows, pagination })
  })
  it('reads a plain list as one page', async () => {
    expect(readPage(await fetched(rows))).toEqual({ items: rows, pagination: { current_page: 1, last_page: 1, per_page: 2, total: 2 } })
  })
  it('survives garbage in the pagination fields', () => {
    expect(readPage({ data: rows, pagination: { current_page: 'x', total: null } }).pagination).toEqual({ current_page: 1, last_page: 1, per_page: 2, total: 2 })
  })
})

describe('readLogin', () => {
  const session = { token: '1|abc', user: { name: 'A' } }
  it.each([
    ['data.data', { data: { data: session } }],
    ['data', { message: 'ok', data: session }],
    ['the top level', session],
  ])('reads the token and user under %s', async (_name, body) => {
    expect(readLogin(await fetched(body))).toEqual(session)
  })
  it('gives null when either is missing', () => {
    expect(readLogin({ data: { token: 1, user: {} } })).toBeNull()
    expect(readLogin({ data: { token: 'x' } })).toBeNull()
  })
})

describe('small readers', () => {
  it('read status counts in any list shape', async () => {
    const counts = [
      { status: null, total: '3' },
      { status: 'triado', total: 2 },
    ]
    expect(readStatusCounts(await fetched({ data: { data: counts } }))).toEqual([
      { status: null, total: 3 },
      { status: 'triado', total: 2 },
    ])
  })
  it('read a message only when it is a non-empty string', () => {
    expect(readMessage({ message: 'CNPJ ou senha inválidos.' })).toBe('CNPJ ou senha inválidos.')
    expect(readMessage({ message: '' })).toBeNull()
    expect(readMessage({ message: { x: 1 } })).toBeNull()
    expect(readMessage(null)).toBeNull()
  })
  it('rebuild field errors keeping only strings', () => {
    expect(readFieldErrors({ errors: { a: ['x', 2], b: 'y', c: [{}] }, trace: 'secret' })).toEqual({ a: ['x'], b: ['y'] })
    expect(readFieldErrors({ message: 'x' })).toEqual({})
  })
})
