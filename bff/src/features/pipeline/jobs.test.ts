import { describe, expect, it } from 'vitest'
import pino from 'pino'
import { LegacyRefusal } from '../../legacy/errors.ts'
import type { LegacyGateway } from '../../legacy/gateway.ts'
import { createSqliteStore } from '../../plugins/store.ts'
import { createBulkJobs } from './jobs.ts'
import { createBulkStore } from './store.ts'

type Obj = Record<string, unknown>

/** A legacy of one vacancy in memory, counting what it is asked; `refuseFrom` ends the token after that many writes. */
function fakeLegacy(people: number, { refuseFrom = Infinity } = {}) {
  const records = new Map<number, Obj>(
    Array.from({ length: people }, (_, i) => [i + 1, { id: i + 1, job_posting_id: 9, full_name: `Pessoa ${i + 1}`, status: 'triado', email: `p${i + 1}@x.com` }]),
  )
  const calls: string[] = []
  let writes = 0
  const gateway = {
    vacancies: {
      candidates: async (id: number) => {
        calls.push(`GET vaga ${id}`)
        return [...records.values()].filter((r) => r.job_posting_id === id).map((r) => ({ ...r }))
      },
    },
    candidates: {
      get: async (id: number) => {
        calls.push(`GET ${id}`)
        return { record: records.has(id) ? { ...records.get(id)! } : null }
      },
      setStatus: async (id: number, status: string) => {
        if (++writes > refuseFrom) throw new LegacyRefusal(401, 'Sessão expirada.', 'session', 'sessão expirada')
        calls.push(`PUT ${id} ${status}`)
        records.set(id, { ...records.get(id)!, status })
        return records.get(id)
      },
    },
  } as unknown as LegacyGateway
  return { gateway, records, calls }
}

async function setup(legacy: ReturnType<typeof fakeLegacy>) {
  const store = await createBulkStore(await createSqliteStore(':memory:'))
  const audited: Obj[] = []
  const audit = { record: async (e: Obj) => void audited.push(e), around: async <T>(e: Obj, write: () => Promise<T>) => (audited.push(e), write()) }
  const jobs = createBulkJobs({ store, legacy: () => legacy.gateway, log: pino({ level: 'silent' }), audit: audit as never, leaseMs: 60_000 })
  return { store, jobs, audited }
}
const caller = { token: 't', requestId: 'r', actor: 'ana@x', actorName: 'Ana' }
const plan = (ids: number[]) => ({
  action: 'status' as const,
  vacancyId: 9,
  target: 'aprovado',
  targetLabel: 'Aprovado',
  people: ids.map((id) => ({ candidateId: id, vacancyId: 9, name: `Pessoa ${id}` })),
})

describe('bulk jobs', () => {
  it('a step left "sending" by a stopped job is checked first: landed, it is done without a second write; not landed, it is written once', async () => {
    const legacy = fakeLegacy(3)
    const { store, jobs } = await setup(legacy)
    const id = await jobs.start(plan([1, 2, 3]), caller)
    await jobs.idle()
    expect(legacy.calls.filter((c) => c.startsWith('PUT'))).toHaveLength(3)
    // As a SIGKILL between sending and recording leaves it: person 2's write landed, 3's did not.
    await store.finish(id, 'interrupted', null)
    await store.setStep(id, 2, 'sending', { prevStatus: 'triado' })
    await store.setStep(id, 3, 'sending', { prevStatus: 'triado' })
    legacy.records.set(3, { ...legacy.records.get(3)!, status: 'triado' })
    legacy.calls.length = 0
    await jobs.resume(id, caller)
    await jobs.idle()
    expect(legacy.calls).toEqual(['GET vaga 9', 'PUT 3 aprovado'])
    expect(await jobs.view(id)).toMatchObject({ status: 'done', done: 3, failed: 0 })
  })

  it('a session that ends stops the job where it is, and "Continuar" carries it on without writing anyone twice', async () => {
    const legacy = fakeLegacy(10, { refuseFrom: 4 })
    const { jobs, audited } = await setup(legacy)
    const id = await jobs.start(plan(Array.from({ length: 10 }, (_, i) => i + 1)), caller)
    await jobs.idle()
    const stopped = (await jobs.view(id))!
    expect(stopped.status).toBe('interrupted')
    expect(stopped.message).toMatch(/sessão terminou/)
    expect(stopped.done).toBe(4)
    const before = legacy.calls.filter((c) => c.startsWith('PUT')).length
    const fresh = fakeLegacy(0)
    Object.assign(legacy, { calls: fresh.calls })
    // A new sign-in: the same legacy, a token it takes again.
    ;(legacy.gateway.candidates as unknown as { setStatus: unknown }).setStatus = async (cid: number, status: string) => {
      legacy.calls.push(`PUT ${cid} ${status}`)
      legacy.records.set(cid, { ...legacy.records.get(cid)!, status })
      return legacy.records.get(cid)
    }
    await jobs.resume(id, caller)
    await jobs.idle()
    const writes = legacy.calls.filter((c) => c.startsWith('PUT'))
    expect(before + writes.length).toBe(10)
    expect(new Set(writes).size).toBe(writes.length)
    expect(await jobs.view(id)).toMatchObject({ status: 'done', done: 10 })
    expect(audited.filter((e) => e.action === 'status_alterado').every((e) => e.actorName === 'Ana')).toBe(true)
  })

  it('a second start of the same job on this instance is refused while it runs', async () => {
    const legacy = fakeLegacy(2)
    const { jobs } = await setup(legacy)
    const id = await jobs.start(plan([1, 2]), caller)
    await expect(jobs.resume(id, caller)).rejects.toMatchObject({ statusCode: 409 })
    await jobs.idle()
  })
})
