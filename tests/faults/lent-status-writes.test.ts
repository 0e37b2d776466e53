import { join } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { anApplication, legacyAdminToken } from '../support/applicant.ts'
import { login, messagingFaults, recordsIn, until, type Bff } from './harness.ts'

// An applicant's withdrawal reaches the legacy as 'desistente' on a token staff lend, written by
// one instance at a time. The promise: a writer that dies never writes over what staff set since,
// and a write that never landed is written by the next one. Here the instance writing it is
// SIGKILLed for real — after the legacy took its write but before it heard so (the stand-in holds
// its answer), or while its request is held before the legacy ran it — and a new instance on the
// same store carries on. Counted in the legacy's own database: the writes that landed.
const faults = messagingFaults({ candidates: 600 })
const { bed } = faults

/** A shared store on an engine: instances on it, and what it holds of a withdrawal. */
async function sharedStore(engine: 'sqlite' | 'postgres') {
  const env = { SMTP_URL: `smtp://127.0.0.1:${faults.catcher.smtpPort}`, CANDIDATE_INDEX: 'true' }
  if (engine === 'sqlite') {
    const file = join(bed.dir(), 'bff.sqlite')
    return {
      instance: () => bed.bff(file, env),
      withdrawal: async (id: number) => {
        const db = new DatabaseSync(file, { readOnly: true, timeout: 5000 })
        try {
          return (db.prepare('SELECT state FROM applicant_withdrawals WHERE candidate_id = ?').get(id) as { state: string } | undefined)?.state
        } finally {
          db.close()
        }
      },
    }
  }
  const url = await faults.postgres.createDatabase()
  return {
    instance: () => bed.bff(':memory:', { ...env, DATABASE_URL: url }),
    withdrawal: async (id: number) => {
      const client = new pg.Client({ connectionString: url })
      await client.connect()
      try {
        return (await client.query<{ state: string }>('SELECT state FROM applicant_withdrawals WHERE candidate_id = $1', [id])).rows[0]?.state
      } finally {
        await client.end()
      }
    },
  }
}

const unsafe = (bff: Bff, cookie?: string) => ({ 'x-csrf': '1', origin: bff.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) })
/** A staff request: it lends the writer its token. */
const staffClick = async (bff: Bff, cookie: string) => void (await (await fetch(`${bff.url}/bff/home`, { headers: { cookie } })).body?.cancel())

/** A person applies, asks for their link by e-mail and withdraws: kept by `bff`, pending for the legacy. */
async function applyAndWithdraw(bff: Bff, cookie: string, email: string): Promise<number> {
  const open = ((await (await fetch(`${bff.url}/bff/public/vacancies`)).json()) as { vacancies: { id: number }[] }).vacancies
  const applied = await fetch(`${bff.url}/bff/public/applications`, {
    method: 'POST',
    headers: unsafe(bff),
    body: JSON.stringify(anApplication({ jobId: open[0]!.id, fullName: 'Joana Desistente Lima', email, whatsapp: '(84) 98888-4321' })),
  })
  expect(applied.status).toBe(201)
  const id = Number(((await applied.json()) as { id: number }).id)
  // The page answers from the candidate index, built from the first staff request.
  await until('the candidate index to be ready', async () => {
    const home = (await (await fetch(`${bff.url}/bff/home`, { headers: { cookie } })).json()) as { indexedAt: string | null }
    return home.indexedAt !== null
  })
  expect((await fetch(`${bff.url}/bff/public/my-applications/link`, { method: 'POST', headers: unsafe(bff), body: JSON.stringify({ email }) })).status).toBe(202)
  await until('the link by e-mail', async () => faults.catcher.messages.some((m) => m.to.includes(email)))
  const token = /\/minhas-candidaturas#([A-Za-z0-9_-]{43})/.exec(faults.catcher.messages.find((m) => m.to.includes(email))!.text)![1]!
  const withdrawn = await fetch(`${bff.url}/bff/public/my-applications/withdraw`, { method: 'POST', headers: unsafe(bff), body: JSON.stringify({ token, id }) })
  expect(withdrawn.status).toBe(200)
  return id
}

const statusOf = (id: number) => recordsIn(faults.legacy, [id]).get(id)?.status ?? null
const writesTo = async (id: number) => (await faults.legacy.statusWrites()).get(id) ?? 0

/**
 * The writer on `a` is killed at `when`; then `between` runs (staff, or nobody); then a new
 * instance on the same store carries on until the withdrawal is settled. Answers the candidate.
 */
async function killedWhileWriting(engine: 'sqlite' | 'postgres', when: 'after the legacy took it' | 'before the legacy ran it', between: (id: number) => Promise<void>) {
  const store = await sharedStore(engine)
  const a = await store.instance()
  const cookie = await login(a)
  const id = await applyAndWithdraw(a, cookie, `joana.${engine}.${when.length}.${Date.now()}@example.com`)
  expect(await store.withdrawal(id)).toBe('pending')
  await faults.legacy.clearLog()
  if (when === 'after the legacy took it') {
    // The legacy runs the write and holds its answer: the writer dies not knowing.
    await faults.legacy.fault({ mode: 'late', ms: 60_000, method: 'PUT', path: `/api/candidatos/${id}` })
    await staffClick(a, cookie)
    await until('the legacy to hold the withdrawal', async () => statusOf(id) === 'desistente', 30_000, 20)
  } else {
    // The request is held before the legacy runs it, and never answered.
    await faults.legacy.fault({ mode: 'stall', method: 'PUT', path: `/api/candidatos/${id}` })
    await staffClick(a, cookie)
    await new Promise((r) => setTimeout(r, 1500))
    expect(statusOf(id)).not.toBe('desistente')
  }
  await a.kill()
  await between(id)
  const b = await store.instance()
  const staff = await login(b)
  // Staff keep using the product on the new instance; once the dead writer's lease runs out, it carries on.
  await until('the withdrawal to be settled', async () => {
    await staffClick(b, staff)
    return (await store.withdrawal(id)) === 'done'
  })
  return id
}

describe('an applicant’s withdrawal written on a lent token, the writer SIGKILLed', () => {
  it.each(['sqlite', 'postgres'] as const)('after the legacy took it, staff then moved the person on (%s): theirs stands, nothing written again', async (engine) => {
    const staffToken = await legacyAdminToken(faults.legacy.url)
    const id = await killedWhileWriting(engine, 'after the legacy took it', async (candidate) => {
      const moved = await fetch(`${faults.legacy.url}/api/candidatos/${candidate}`, {
        method: 'PUT',
        headers: { authorization: `Bearer ${staffToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'entrevista_presencial' }),
      })
      expect(moved.status).toBe(200)
    })
    expect(statusOf(id)).toBe('entrevista_presencial')
    // The dead writer's one write and staff's: the new writer read the record and left it.
    expect(await writesTo(id)).toBe(2)
  })

  it.each(['sqlite', 'postgres'] as const)('after the legacy took it, nobody changed it since (%s): recorded as written, no second write', async (engine) => {
    const id = await killedWhileWriting(engine, 'after the legacy took it', async () => {})
    expect(statusOf(id)).toBe('desistente')
    expect(await writesTo(id)).toBe(1)
  })

  it.each(['sqlite', 'postgres'] as const)('before the legacy ran it (%s): the new writer writes it, once', async (engine) => {
    const id = await killedWhileWriting(engine, 'before the legacy ran it', async () => {})
    expect(statusOf(id)).toBe('desistente')
    expect(await writesTo(id)).toBe(1)
  })
})
