import { execFileSync, spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { DatabaseSync } from 'node:sqlite'
import { startPostgres, type TestPostgres } from '../../bff/src/testing-postgres.ts'
import { startMailCatcher, type MailCatcher } from '../../infra/mail-catcher/src/catcher.ts'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { markedCandidates } from '@mini-vagas/shared/domain/screening-apply'
import { freePort, ROOT, runScript, startService, type Service } from '../support/processes.ts'
import { afterAll, afterEach, beforeAll, expect } from 'vitest'

/**
 * The fault suite's parts: the stand-in and BFFs as separate processes on loopback,
 * killed, doubled and starved for real; what happened is counted in the stand-in's own database.
 */
export const SECRET = 'faults-session-secret-0123456789-abcdefghij'
const ADMIN = { cnpj: '11222333000181', password: 'demo-admin-2026' }

export interface Legacy {
  url: string
  db: string
  dir: string
  fault(body: Record<string, unknown>): Promise<void>
  /**
   * Updates of each candidate's record that landed in the stand-in's database since the count was
   * cleared (a trigger counts them), per candidate: a request refused, reset or cut short before
   * the write is not one.
   */
  statusWrites(): Promise<Map<number, number>>
  clearLog(): Promise<void>
  stop(): Promise<void>
}

export async function startLegacy(env: Record<string, string> = {}, candidates = 600): Promise<Legacy> {
  const dir = mkdtempSync(join(tmpdir(), 'mv-faults-'))
  const db = join(dir, 'legacy.sqlite')
  const seed = await runScript('infra/legacy-api/src/seed-cli.ts', ['--candidates', String(candidates), '--db', db, '--now', todayDate()])
  if (seed.code !== 0) throw new Error(seed.output)
  // The test's own counter of writes that landed, beside the legacy's tables (the stand-in ignores it).
  const counter = new DatabaseSync(db)
  counter.exec(`CREATE TABLE fault_write_log (candidate_id INTEGER NOT NULL);
    CREATE TRIGGER fault_count_writes AFTER UPDATE ON candidates BEGIN INSERT INTO fault_write_log (candidate_id) VALUES (NEW.id); END;`)
  counter.close()
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const service = await startService('infra/legacy-api/src/server.ts', { LEGACY_PORT: String(port), LEGACY_DB: db, LEGACY_CONTROL: '1', ...env }, `${url}/api/vagas-publicas`)
  return {
    url,
    db,
    dir,
    async fault(body) {
      await fetch(`${url}/__control/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    },
    async statusWrites() {
      const reader = new DatabaseSync(db, { readOnly: true, timeout: 5000 })
      try {
        const rows = reader.prepare('SELECT candidate_id AS id, COUNT(*) AS n FROM fault_write_log GROUP BY candidate_id').all() as { id: number; n: number }[]
        return new Map(rows.map((r) => [Number(r.id), Number(r.n)]))
      } finally {
        reader.close()
      }
    },
    async clearLog() {
      const writer = new DatabaseSync(db, { timeout: 5000 })
      try {
        writer.exec('DELETE FROM fault_write_log')
      } finally {
        writer.close()
      }
    },
    async stop() {
      await service.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}

export interface Bff {
  url: string
  service: Service
  /** SIGKILL: no close hook, no flush — a crash. */
  kill(): Promise<void>
  stop(): Promise<void>
  alive(): boolean
}

/** A BFF process on `storeFile`; from its sources unless `entry` names another (the benchmarks run the shipped bundle). */
export async function startBff(legacy: Pick<Legacy, 'url'>, storeFile: string, env: Record<string, string> = {}, entry = 'bff/src/server.ts'): Promise<Bff> {
  const port = await freePort()
  const url = `http://localhost:${port}`
  const service = await startService(
    entry,
    {
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      LEGACY_API_URL: `${legacy.url}/api`,
      CEP_API_URL: `${legacy.url}/ws`,
      SESSION_SECRET: SECRET,
      STATIC_DIR: '/nonexistent',
      STORE_FILE: storeFile,
      JOB_LEASE_SECONDS: '2',
      LEGACY_TIMEOUT_MS: '3000',
      LOG_LEVEL: 'error',
      // Off unless the test is about it: the index's background reads share the token's budget with
      // the jobs these tests time and count (its own faults: tests/faults/candidate-index.test.ts).
      CANDIDATE_INDEX: 'false',
      ...env,
    },
    `http://127.0.0.1:${port}/healthz`,
  )
  const child = service.child
  return {
    url,
    service,
    alive: () => child.exitCode === null && child.signalCode === null,
    kill: () =>
      new Promise((done) => {
        if (child.exitCode !== null || child.signalCode !== null) return done()
        child.once('exit', () => done())
        child.kill('SIGKILL')
      }),
    stop: async () => void (await service.stop()),
  }
}

/**
 * One fault file's processes and scratch: the BFFs it starts (all killed by `killAll`, after each
 * test), temporary directories (removed by `removeScratch`), and the two store engines.
 */
export function faultBed({ legacy, postgres }: { legacy: () => Legacy; postgres?: () => TestPostgres }) {
  const started: Bff[] = []
  const scratch: string[] = []
  const dir = () => {
    const d = mkdtempSync(join(tmpdir(), 'mv-store-'))
    scratch.push(d)
    return d
  }
  const bff = async (storeFile: string, env: Record<string, string> = {}) => {
    const b = await startBff(legacy(), storeFile, env)
    started.push(b)
    return b
  }
  return {
    dir,
    bff,
    stores: storeEngines({
      postgres:
        postgres ??
        (() => {
          throw new Error('this fault bed has no PostgreSQL')
        }),
      dir,
      bff,
    }),
    async killAll() {
      for (const b of started.splice(0)) await b.kill()
    },
    removeScratch() {
      for (const d of scratch.splice(0)) rmSync(d, { recursive: true, force: true })
    },
    /** A public vacancy (id ≡ 2 mod 3, so its criteria force no review), found through a BFF started for it. */
    async publicVacancyId(): Promise<number> {
      const probe = await bff(join(dir(), 'probe.sqlite'))
      const cookie = await login(probe)
      const vacancies = (await (await fetch(`${probe.url}/api/processos_seletivos`, { headers: { cookie } })).json()) as { data: { id: number; obs: string }[] }
      await probe.kill()
      return vacancies.data.find((v) => v.obs === 'mostrar' && v.id % 3 === 2)!.id
    },
  }
}

/**
 * What a fault file about messages shares, started before its tests and stopped after them: a
 * PostgreSQL server, the tests' SMTP server and the legacy stand-in (`candidates` people, `env`),
 * and its bed of BFFs (every instance killed after each test).
 */
export function messagingFaults({ candidates, env = {} }: { candidates: number; env?: Record<string, string> }) {
  const parts: { legacy?: Legacy; postgres?: TestPostgres; catcher?: MailCatcher } = {}
  const started = () => {
    const { legacy, postgres, catcher } = parts
    if (!legacy || !postgres || !catcher) throw new Error('the fault processes are not started yet (a test outside beforeAll?)')
    return { legacy, postgres, catcher }
  }
  const bed = faultBed({ legacy: () => started().legacy, postgres: () => started().postgres })
  beforeAll(async () => {
    parts.postgres = await startPostgres()
    parts.catcher = await startMailCatcher()
    parts.legacy = await startLegacy(env, candidates)
  }, 180_000)
  afterEach(() => bed.killAll())
  afterAll(async () => {
    await parts.legacy?.stop()
    await parts.catcher?.close()
    await parts.postgres?.stop()
    bed.removeScratch()
  })
  return {
    bed,
    get legacy() {
      return started().legacy
    },
    get postgres() {
      return started().postgres
    },
    get catcher() {
      return started().catcher
    },
  }
}

/**
 * The multi-instance promises hold on both stores — instances sharing one SQLite file,
 * and instances sharing one PostgreSQL database (a fresh one per test, on a real server). Each
 * entry makes a shared store and answers a starter of instances on it.
 */
export function storeEngines({ postgres, dir, bff }: { postgres: () => TestPostgres; dir: () => string; bff: (storeFile: string, env?: Record<string, string>) => Promise<Bff> }) {
  return {
    sqlite: async () => {
      const storeFile = join(dir(), 'bff.sqlite')
      return (env: Record<string, string> = {}) => bff(storeFile, env)
    },
    postgres: async () => {
      const url = await postgres().createDatabase()
      return (env: Record<string, string> = {}) => bff(':memory:', { DATABASE_URL: url, ...env })
    },
  }
}

/** Starts the BFF on a store path expected to be refused: its exit code, output and time to exit. */
export function bffRefusing(storeFile: string, legacyUrl: string): Promise<{ code: number | null; output: string; ms: number }> {
  return new Promise((done) => {
    const started = Date.now()
    const child = spawn(process.execPath, [resolve(ROOT, 'bff/src/server.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', LEGACY_API_URL: `${legacyUrl}/api`, SESSION_SECRET: SECRET, STORE_FILE: storeFile, STATIC_DIR: '/nonexistent', LOG_LEVEL: 'error' },
    })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    const limit = setTimeout(() => child.kill('SIGKILL'), 15_000)
    child.once('exit', (code) => {
      clearTimeout(limit)
      done({ code, output, ms: Date.now() - started })
    })
  })
}

const unsafe = (bff: Pick<Bff, 'url'>, cookie?: string) => ({ 'x-csrf': '1', origin: bff.url, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) })

export async function login(bff: Pick<Bff, 'url'>): Promise<string> {
  const response = await fetch(`${bff.url}/bff/auth/login`, { method: 'POST', headers: unsafe(bff), body: JSON.stringify(ADMIN) })
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`)
  return response.headers.getSetCookie()[0]!.split(';')[0]!
}

export interface RunView {
  run: { id: string; status: string; mode: string; total: number; done: number; provider: string; vacancy: { id: number } }
  results: { candidateId: number; outcome: string | null }[]
  undo: null | { status: string; message: string | null; total: number; processed: number; restored: number; kept: string[]; failed: string[] }
  apply: null | { status: string; message: string | null; total: number; processed: number; updated: number; sent: number; skipped: number; failed: number }
}

export async function view(bff: Bff, cookie: string, runId: string): Promise<RunView> {
  const response = await fetch(`${bff.url}/bff/screening/runs/${runId}`, { headers: { cookie } })
  if (!response.ok) throw new Error(`run view: ${response.status} ${await response.text()}`)
  return (await response.json()) as RunView
}

export async function until(what: string, check: () => Promise<boolean>, timeoutMs = 120_000, everyMs = 100): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, everyMs))
  }
  throw new Error(`timed out: ${what}`)
}

/** Loads the range (the run's draft) and starts screening it: the run's id. */
export async function startRun(bff: Bff, cookie: string, body: Record<string, unknown>): Promise<string> {
  const load = await fetch(`${bff.url}/bff/screening/candidates`, { method: 'POST', headers: unsafe(bff, cookie), body: JSON.stringify(body) })
  if (load.status !== 200) throw new Error(`loading: ${load.status} ${await load.text()}`)
  const { draftId } = (await load.json()) as { draftId: string }
  const response = await fetch(`${bff.url}/bff/screening/runs`, { method: 'POST', headers: unsafe(bff, cookie), body: JSON.stringify({ draftId }) })
  if (response.status !== 202) throw new Error(`screening: ${response.status} ${await response.text()}`)
  return ((await response.json()) as RunView).run.id
}

/** Screens the range with the instance's provider and waits for the run to finish. */
export async function screened(bff: Bff, cookie: string, body: Record<string, unknown>): Promise<RunView> {
  const id = await startRun(bff, cookie, body)
  let last: RunView | null = null
  await until('screening', async () => (last = await view(bff, cookie, id)).run.status !== 'screening')
  return last!
}

export async function startApply(bff: Bff, cookie: string, runId: string): Promise<{ status: number; body: { message?: string } }> {
  const response = await fetch(`${bff.url}/bff/screening/runs/${runId}/apply`, { method: 'POST', headers: { 'x-csrf': '1', origin: bff.url, cookie } })
  return { status: response.status, body: (await response.json()) as { message?: string } }
}

/** Asks to undo the run's apply. */
export async function startUndo(bff: Bff, cookie: string, runId: string): Promise<{ status: number; body: { message?: string } }> {
  const response = await fetch(`${bff.url}/bff/screening/runs/${runId}/undo`, { method: 'POST', headers: { 'x-csrf': '1', origin: bff.url, cookie } })
  return { status: response.status, body: (await response.json()) as { message?: string } }
}

/** Candidates' status and observation as the stand-in's database holds them. */
export function recordsIn(legacy: Legacy, ids: readonly number[]): Map<number, { status: string | null; obs: string | null }> {
  const db = new DatabaseSync(legacy.db, { readOnly: true, timeout: 5000 })
  try {
    const read = db.prepare('SELECT status, obs FROM candidates WHERE id = ?')
    return new Map(ids.map((id) => [id, read.get(id) as { status: string | null; obs: string | null }]))
  } finally {
    db.close()
  }
}

/** Asks to apply until an instance takes the run (409 while another's lease lasts). */
export async function applyWhenFree(bff: Bff, cookie: string, runId: string, everyMs = 100): Promise<void> {
  await until(
    'the run to be free to apply',
    async () => {
      const { status, body } = await startApply(bff, cookie, runId)
      // The instance's last log lines say why (its 5xx are logged with their cause).
      if (status !== 202 && status !== 409) throw new Error(`apply: ${status} ${JSON.stringify(body)}\n${bff.service.output().split('\n').slice(-30).join('\n')}`)
      return status === 202
    },
    120_000,
    everyMs,
  )
}

export async function applyEnded(bff: Bff, cookie: string, runId: string): Promise<RunView> {
  let last: RunView | null = null
  await until('the apply to end', async () => {
    last = await view(bff, cookie, runId)
    return last.apply !== null && last.apply.status !== 'applying'
  })
  return last!
}

export interface Ledger {
  /** Per candidate of the run: how many times its note (marker) is in its own record. */
  notes: Map<number, number>
  /** Per candidate: how many records of the screened vacancy it was forwarded as. */
  forwards: Map<number, number>
  statuses: Map<number, string | null>
}

/** Reads the stand-in's database file directly: what the legacy really holds. */
export function ledger(legacy: Legacy, runId: string, vacancyId: number): Ledger {
  const db = new DatabaseSync(legacy.db, { readOnly: true })
  try {
    const rows = db.prepare("SELECT id, job_posting_id, status, obs FROM candidates WHERE obs LIKE '%[triagem %'").all() as {
      id: number
      job_posting_id: number
      status: string | null
      obs: string
    }[]
    const notes = new Map<number, number>()
    const forwards = new Map<number, number>()
    const statuses = new Map<number, string | null>()
    for (const row of rows) {
      for (const candidateId of markedCandidates(row.obs, runId)) {
        if (candidateId === row.id) {
          notes.set(candidateId, (notes.get(candidateId) ?? 0) + 1)
          statuses.set(candidateId, row.status)
        } else if (row.job_posting_id === vacancyId) forwards.set(candidateId, (forwards.get(candidateId) ?? 0) + 1)
      }
    }
    return { notes, forwards, statuses }
  } finally {
    db.close()
  }
}

/** Everything written more than once, as "candidate: what". Empty when every write landed once. */
export function duplicates(book: Ledger): string[] {
  return [
    ...[...book.notes].filter(([, n]) => n > 1).map(([id, n]) => `${id}: note ×${n}`),
    ...[...book.forwards].filter(([, n]) => n > 1).map(([id, n]) => `${id}: forwarded ×${n}`),
  ]
}

/** A 16 MB disk of its own (tmpfs), to fill up for real; null where this machine cannot mount one (needs root). */
export interface SmallDisk {
  path: string
  /** Writes zeros until the disk is full ("No space left on device"). */
  fill(): void
  /** Frees what `fill` took. */
  free(): void
  unmount(): void
}

export function smallDisk(parent: string): SmallDisk | null {
  const path = join(parent, 'small')
  mkdirSync(path)
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=16m', 'tmpfs', path], { stdio: 'ignore' })
  } catch {
    console.log('full-disk case skipped: this machine cannot mount a tmpfs (needs root)')
    return null
  }
  const filler = join(path, 'filler')
  return {
    path,
    fill() {
      try {
        execFileSync('dd', ['if=/dev/zero', `of=${filler}`, 'bs=64k'], { stdio: 'ignore' })
      } catch {
        // dd stops with "No space left on device": that is the point.
      }
    },
    free: () => rmSync(filler),
    unmount: () => execFileSync('umount', ['-l', path]),
  }
}

/**
 * Every write of a finished apply landed exactly once, as the stand-in's database shows: each note
 * once, each forward once, and no candidate's record updated twice.
 */
export async function expectAppliedOnce(legacy: Legacy, vacancyId: number, run: RunView, final: RunView) {
  // The apply's own last word says why it ended otherwise (a failed run in CI keeps only its log).
  expect(final.apply, `the apply ended ${final.apply?.status}: ${final.apply?.message}`).toMatchObject({ status: 'applied', failed: 0 })
  const book = ledger(legacy, run.run.id, vacancyId)
  expect(duplicates(book)).toEqual([])
  expect(book.notes.size).toBe(final.apply!.updated)
  expect([...book.forwards.values()].reduce((a, b) => a + b, 0)).toBe(final.apply!.sent)
  expect(final.apply!.updated + final.apply!.skipped).toBe(run.results.filter((r) => r.outcome === 'triado' || r.outcome === 'revisao').length)
  expect([...(await legacy.statusWrites())].filter(([, n]) => n > 1)).toEqual([])
}
