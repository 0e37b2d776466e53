import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEXT_MESSAGES } from '@mini-vagas/shared/domain/text'
import { textRuleOf } from '@mini-vagas/shared/schemas/text'
import { PASS_THROUGH_RULES } from '../../bff/src/features/pass-through/policy.ts'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { ORIGIN, startStack, type Stack } from '../support/stack.ts'

// SECURITY.md 33: every free-text field of every route the BFF describes (/bff/openapi.json), and
// of every body the pass-through lets on to the legacy, refuses control characters and
// invisible-only values at the field, with a Portuguese 422, on both store engines: no answer is
// a 5xx, nothing reaches the store (every table counted before and after) or the legacy (no write
// in its log). A string field with no rule of its own (a pattern, a format, a list of values) must
// carry the text rule, or be named below with the reason it is not free text.
type Schema = {
  type?: string | string[]
  properties?: Record<string, Schema>
  items?: Schema
  anyOf?: Schema[]
  pattern?: string
  format?: string
  enum?: unknown[]
  const?: unknown
  minimum?: number
}

/** String fields that are not free text a person types into a form, and why. */
const NOT_FREE_TEXT: Record<string, string> = {
  'POST /bff/auth/login password': 'a password is whatever its owner chose; it is sent to the legacy, never stored',
  'POST /bff/users password': 'a password is whatever its owner chose; the legacy keeps its hash',
  'POST /bff/users password_confirmation': 'the password again',
  'POST /bff/auth/people/login password': 'a password is whatever its owner chose; only its Argon2id hash is kept',
  'POST /bff/auth/people/login code': 'a TOTP code: checked against the secret, never stored (a wrong one is refused as wrong)',
  'POST /bff/auth/people/link token': 'a one-time link’s token: looked up by its digest, never stored or shown',
  'POST /bff/auth/people/password token': 'a one-time link’s token: looked up by its digest, never stored or shown',
  'POST /bff/public/my-applications token': 'an applicant link’s secret: looked up by its digest, never stored or shown; anything else is refused like an unknown link',
  'POST /bff/public/my-applications/withdraw token': 'an applicant link’s secret: looked up by its digest, never stored or shown',
  'POST /bff/public/my-applications/interview token': 'an applicant link’s secret: looked up by its digest, never stored or shown',
  'POST /bff/public/my-applications/screening token': 'an applicant link’s secret: looked up by its digest, never stored or shown',
  'POST /bff/public/unsubscribe token': 'an applicant link’s secret: looked up by its digest, never stored or shown',
  'POST /bff/public/interview token': 'an applicant link’s secret: looked up by its digest, never stored or shown',
  'POST /bff/public/interview/answer token': 'an applicant link’s secret: looked up by its digest, never stored or shown',
  'POST /bff/auth/people/password password': 'a password is whatever its owner chose; only its Argon2id hash is kept',
  'POST /bff/auth/people/password confirmation': 'the password again',
  'PUT /bff/account/password current': 'the password in use, checked against its hash',
  'PUT /bff/account/password password': 'a password is whatever its owner chose; only its Argon2id hash is kept',
  'PUT /bff/account/password confirmation': 'the password again',
  'PUT /bff/account/totp code': 'a TOTP code: checked against the secret, never stored',
  'POST /bff/account/totp/off password': 'the password in use, checked against its hash',
  'POST /bff/team/bindings password': 'the agency’s legacy password: sent to the legacy to check it, then kept sealed, never shown',
}

/** Values the rule refuses, and what the field must say of each. */
const HOSTILE = [
  { value: 'Maria\u0000', message: TEXT_MESSAGES.control },
  { value: '\u0001', message: TEXT_MESSAGES.control },
  { value: 'fim\u001b[31m', message: TEXT_MESSAGES.control },
  { value: 'Rua\u0085 1', message: TEXT_MESSAGES.control },
]
const INVISIBLE_ONLY = ' \u200b\u2060\u00a0 '

/** A plausible value for every field of a schema, so the fuzzed field is the one refused. */
function sample(schema: Schema): unknown {
  if (schema.const !== undefined) return schema.const
  if (schema.enum) return schema.enum[0]
  if (schema.anyOf) return sample(schema.anyOf.find((s) => s.type !== 'null') ?? schema.anyOf[0]!)
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, s]) => [k, sample(s)]))
    case 'array':
      return schema.items ? [sample(schema.items)] : []
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1)
    case 'boolean':
      return true
    case 'string':
      return schema.format === 'email' ? 'maria@example.com' : 'Texto'
    default:
      return null
  }
}

/** Every string field of a body schema, by path (array items as `.0`). */
function stringFields(schema: Schema, path: string[] = []): { path: string[]; schema: Schema }[] {
  if (schema.anyOf) return schema.anyOf.flatMap((s) => stringFields(s, path))
  const type = Array.isArray(schema.type) ? schema.type : [schema.type]
  if (type.includes('string') && path.length > 0) return [{ path, schema }]
  if (type.includes('object')) return Object.entries(schema.properties ?? {}).flatMap(([k, s]) => stringFields(s, [...path, k]))
  if (type.includes('array') && schema.items) return stringFields(schema.items, [...path, '0'])
  return []
}

const withValue = (body: unknown, path: string[], value: unknown): unknown => {
  const copy = structuredClone(body) as Record<string, unknown>
  let at: Record<string, unknown> = copy
  for (const key of path.slice(0, -1)) at = at[key] as Record<string, unknown>
  at[path.at(-1)!] = value
  return copy
}

const PARAM_VALUES = ['1', '00000000-0000-4000-8000-000000000001', 'vaga-1']
const fillPath = (url: string, params: Schema | undefined) =>
  url.replace(/:(\w+)/g, (_m, name: string) => {
    // A parameter that is one of some words (a message's purpose): the first of them.
    const words = params?.properties?.[name] as { anyOf?: { const?: unknown; enum?: unknown[] }[]; enum?: unknown[] } | undefined
    const first = words?.enum?.[0] ?? words?.anyOf?.[0]?.const ?? words?.anyOf?.[0]?.enum?.[0]
    if (first !== undefined) return String(first)
    const pattern = params?.properties?.[name]?.pattern
    return PARAM_VALUES.find((v) => !pattern || new RegExp(pattern, 'u').test(v)) ?? '1'
  })

interface Target {
  route: string
  method: string
  url: string
  body: Schema
}

/** The BFF's routes with a JSON body, from its own description, and the pass-through's bodies. */
async function targets(stack: Stack): Promise<Target[]> {
  const spec = JSON.parse((await stack.app.inject({ url: '/bff/openapi.json' })).body) as {
    paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema: Schema }> }; parameters?: { in: string; name: string; schema: Schema }[] }>>
  }
  const out: Target[] = []
  for (const [openapiPath, operations] of Object.entries(spec.paths)) {
    const path = openapiPath.replace(/\{(\w+)\}/g, ':$1')
    for (const [method, operation] of Object.entries(operations)) {
      const body = operation.requestBody?.content?.['application/json']?.schema
      if (!body) continue
      const params: Schema = { properties: Object.fromEntries((operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => [p.name, p.schema])) }
      out.push({ route: `${method.toUpperCase()} ${path}`, method: method.toUpperCase(), url: fillPath(path, params), body })
    }
  }
  for (const rule of PASS_THROUGH_RULES) {
    for (const body of [rule.body, rule.companyBody]) {
      if (!body) continue
      // The rule's path with each captured id as 1: /processos_seletivos/(?<id>…) → /processos_seletivos/1.
      const example = rule.pattern.source
        .replace(/^\^/, '')
        .replace(/\$$/, '')
        .replace(/\((?:\?<\w+>)?[^()]*\)/g, '1')
        .replace(/\\\//g, '/')
      out.push({ route: `${rule.method} /api${example} (${rule.name})`, method: rule.method, url: `/api${example}`, body: body as Schema })
    }
  }
  return out
}

const ENGINES = ['sqlite', 'postgres'] as const
let postgres: TestPostgres
beforeAll(async () => {
  postgres = await startPostgres()
}, 60_000)
afterAll(() => postgres?.stop())

describe.each(ENGINES)('SECURITY.md 33: the one text rule on every free-text field (%s store)', (engine) => {
  let stack: Stack
  let cookies: Record<'admin' | 'company', string>
  beforeAll(async () => {
    stack = await startStack(engine === 'postgres' ? { DATABASE_URL: await postgres.createDatabase() } : {}, { candidates: 20 })
    cookies = { admin: await stack.login('admin'), company: await stack.login('empresa A') }
  }, 60_000)
  afterAll(() => stack?.close())

  const tableCounts = async () => {
    const tables =
      stack.app.store.engine === 'sqlite'
        ? await stack.app.store.all<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
        : await stack.app.store.all<{ name: string }>('SELECT table_name AS name FROM information_schema.tables WHERE table_schema = current_schema()')
    // Counters every request may move (login attempts, live sessions, the readiness probe) are not what a form stores.
    const counted = tables.map((t) => t.name).filter((name) => !['attempts', 'live_sessions', 'store_probe'].includes(name))
    const counts: Record<string, number> = {}
    for (const name of counted) counts[name] = Number((await stack.app.store.get<{ n: number }>(`SELECT COUNT(*) AS n FROM ${name}`))!.n)
    return counts
  }

  it('refuses control characters and invisible-only values at the field, stores nothing, sends nothing on', async () => {
    const all = await targets(stack)
    expect(all.length).toBeGreaterThan(15)
    const before = await tableCounts()
    await stack.resetLegacyLog()
    const uncovered: string[] = []
    let fuzzed = 0
    for (const target of all) {
      const access = stack.app.routeAccess.get(`${target.method} ${target.url.startsWith('/api') ? '/api/*' : target.route.split(' ')[1]}`)
      const cookie = access === 'company' ? cookies.company : cookies.admin
      const base = sample(target.body)
      for (const field of stringFields(target.body)) {
        const name = `${target.route.split(' (')[0]} ${field.path.filter((p) => p !== '0').join('.')}`
        const rule = textRuleOf(field.schema.pattern)
        if (!rule) {
          // A field with its own rule (digits, an id, an e-mail, a list of values) refuses these too, if not at our words.
          if (!field.schema.pattern && !field.schema.format && !field.schema.enum && field.schema.const === undefined && !NOT_FREE_TEXT[name]) uncovered.push(name)
          if (NOT_FREE_TEXT[name]) continue
        }
        const cases = [...HOSTILE, ...(rule?.required ? [{ value: INVISIBLE_ONLY, message: TEXT_MESSAGES.blank }] : [])]
        for (const { value, message } of cases) {
          fuzzed++
          const answer = await stack.app.inject({
            method: target.method as 'POST',
            url: target.url,
            headers: { 'x-csrf': '1', origin: ORIGIN, 'content-type': 'application/json', cookie },
            payload: JSON.stringify(withValue(base, field.path, value)),
          })
          const what = `${name} = ${JSON.stringify(value)}: ${answer.statusCode} ${answer.body.slice(0, 300)}`
          expect(answer.statusCode, what).toBeGreaterThanOrEqual(400)
          expect(answer.statusCode, what).toBeLessThan(500)
          if (rule) {
            expect(answer.statusCode, what).toBe(422)
            expect(JSON.parse(answer.body).errors?.[field.path.join('.')], what).toContain(message)
          }
        }
      }
    }
    expect(uncovered, 'string fields with no rule: give them LineText/BlockText, or say why they are not free text').toEqual([])
    expect(fuzzed).toBeGreaterThan(200)
    expect(await tableCounts()).toEqual(before)
    const writes = (await stack.legacyRequests()).filter((r) => r.method !== 'GET')
    expect(writes.map((w) => `${w.method} ${w.url}`)).toEqual([])
  }, 240_000)
})
