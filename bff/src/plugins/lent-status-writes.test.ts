import type { FastifyInstance } from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { createLentStatusWrites, type PendingStatusWrite } from './lent-status-writes.ts'
import { createSqliteStore } from './store.ts'

/**
 * The writer against a real store and a legacy that holds one record: a writer that dies between
 * the legacy's answer and its own record (here: its record fails, as a SIGKILL would leave it)
 * must not write again over what staff set since, and must write where its write never landed.
 */
async function bed() {
  const store = await createSqliteStore(':memory:')
  const legacy = { status: 'triado', puts: [] as string[], failPut: false }
  const pending = new Map<string, PendingStatusWrite>()
  let recordFails = false
  let lend: (token: string) => void = () => {}
  const app = {
    legacyFor: () => ({
      candidates: {
        get: async () => ({ record: { id: 7, status: legacy.status }, answer: {} }),
        setStatus: async (_id: number, status: string) => {
          if (legacy.failPut) throw new Error('the connection was cut before the legacy took it')
          legacy.puts.push(status)
          legacy.status = status
          return { id: 7, status }
        },
      },
    }),
    audit: { around: async (_event: unknown, fn: () => Promise<unknown>) => fn() },
    sessions: { lendStaffTokens: (fn: (token: string) => void) => void (lend = fn) },
  } as unknown as FastifyInstance
  let clock = 0
  const writer = createLentStatusWrites({
    app,
    store,
    log: pino({ level: 'silent' }),
    now: () => clock,
    instanceId: 'a',
    name: 'test-writes',
    leaseMs: 60_000,
    source: {
      pending: async (limit) => [...pending.values()].slice(0, limit),
      done: async (key) => {
        if (recordFails) throw new Error('the instance died before its record')
        pending.delete(key)
      },
      refused: async (key) => void pending.delete(key),
    },
  })
  const ask = (status: string) => pending.set('k', { key: 'k', candidateId: 7, status, actor: 'ana@x.com', actorName: 'Ana', via: 'candidato' })
  /** One staff request lends its token; waits for the writer. */
  const pass = async () => {
    clock += 60_000
    writer.asked()
    lend('token')
    await writer.stop()
  }
  return { legacy, pending, ask, pass, dieBeforeRecord: (on: boolean) => void (recordFails = on) }
}

describe('statuses written on a lent staff token', () => {
  it('writes what an applicant asked, once', async () => {
    const b = await bed()
    b.ask('desistente')
    await b.pass()
    expect(b.legacy.puts).toEqual(['desistente'])
    expect(b.pending.size).toBe(0)
    await b.pass()
    expect(b.legacy.puts).toEqual(['desistente'])
  })

  it('after dying between the write and its record, does not write over what staff set since', async () => {
    const b = await bed()
    b.ask('entrevista_presencial')
    b.dieBeforeRecord(true)
    await b.pass()
    expect(b.legacy.puts).toEqual(['entrevista_presencial'])
    expect(b.pending.size).toBe(1)
    // Staff move the person on before the next writer comes.
    b.legacy.status = 'aprovado'
    b.dieBeforeRecord(false)
    await b.pass()
    expect(b.legacy.puts).toEqual(['entrevista_presencial'])
    expect(b.legacy.status).toBe('aprovado')
    expect(b.pending.size).toBe(0)
  })

  it('after dying between the write and its record, with nothing changed since, records it without writing again', async () => {
    const b = await bed()
    b.ask('desistente')
    b.dieBeforeRecord(true)
    await b.pass()
    b.dieBeforeRecord(false)
    await b.pass()
    expect(b.legacy.puts).toEqual(['desistente'])
    expect(b.pending.size).toBe(0)
  })

  it('writes again where the first write never reached the legacy', async () => {
    const b = await bed()
    b.ask('desistente')
    b.legacy.failPut = true
    await b.pass()
    expect(b.legacy.status).toBe('triado')
    b.legacy.failPut = false
    await b.pass()
    expect(b.legacy.puts).toEqual(['desistente'])
    expect(b.pending.size).toBe(0)
  })
})
