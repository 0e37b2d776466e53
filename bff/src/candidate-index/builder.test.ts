import { describe, expect, it } from 'vitest'
import pino from 'pino'
import { calendarDate } from '@mini-vagas/shared/domain/dates'
import { createSqliteStore } from '../plugins/store.ts'
import { LegacyRefusal } from '../legacy/errors.ts'
import type { LegacyGateway } from '../legacy/gateway.ts'
import { createIndexBuilder } from './builder.ts'
import { pageWithCounts } from './testing.ts'
import { CANDIDATE_INDEX_MIGRATIONS, createCandidateIndexStore } from './store.ts'

type Row = Record<string, unknown>

/**
 * The legacy's reads the builder uses, over rows in memory, as the stand-in answers them: pages of
 * 20 newest first, counts per stored status, a status's list (sem-status: null, '' and 'pendente').
 */
function memoryLegacy(rows: Row[]) {
  const calls: string[] = []
  let refuse = false
  const inDays = (r: Row, d: { start_date?: string; end_date?: string }) => {
    const day = calendarDate(String(r.created_at))
    return (!d.start_date || day >= d.start_date) && (!d.end_date || day <= d.end_date)
  }
  const guard = (call: string) => {
    calls.push(call)
    if (refuse) throw new LegacyRefusal(401, 'Sessão expirada.', 'session', 'sessão encerrada')
  }
  const gateway = {
    candidates: {
      async page(n: number) {
        guard(`page ${n}`)
        const sorted = [...rows].sort((a, b) => String(b.created_at).localeCompare(String(a.created_at)))
        return { items: sorted.slice((n - 1) * 20, n * 20), pagination: { total: rows.length, last_page: Math.max(1, Math.ceil(rows.length / 20)), per_page: 20, current_page: n } }
      },
      async statusCounts(d: { start_date?: string; end_date?: string }) {
        guard(`counts ${d.start_date}..${d.end_date}`)
        const counts = new Map<string | null, number>()
        for (const r of rows.filter((r) => inDays(r, d))) counts.set(r.status as string | null, (counts.get(r.status as string | null) ?? 0) + 1)
        return [...counts].map(([status, total]) => ({ status, total }))
      },
      async withStatus(status: string, d: { start_date?: string; end_date?: string }) {
        guard(`status ${status || 'sem-status'} ${d.start_date}..${d.end_date}`)
        const wanted = (r: Row) => (status === '' ? r.status === null || r.status === '' || r.status === 'pendente' : r.status === status)
        return rows.filter((r) => inDays(r, d) && wanted(r))
      },
    },
  } as unknown as LegacyGateway
  return { gateway, calls, refuseFromNow: () => (refuse = true) }
}

const day = (d: string, hour = 15) => `${d}T${String(hour).padStart(2, '0')}:00:00.000000Z`
const rowsOver = (days: string[], perDay: number) =>
  days.flatMap((d, i) =>
    Array.from({ length: perDay }, (_, j) => ({ id: i * perDay + j + 1, full_name: `P ${i}-${j}`, status: [null, 'pendente', 'triado', 'Aprovado'][j % 4], created_at: day(d) })),
  )

async function setUp(
  rows: Row[],
  {
    now = () => Date.parse('2026-03-10T15:00:00Z'),
    maxWindowRecords = 10_000,
    refreshMs = 600_000,
    untilIdle = true,
  }: { now?: () => number; maxWindowRecords?: number; refreshMs?: number; untilIdle?: boolean } = {},
) {
  const core = await createSqliteStore(':memory:')
  await core.migrate('candidate-index', CANDIDATE_INDEX_MIGRATIONS)
  const index = createCandidateIndexStore(core)
  const legacy = memoryLegacy(rows)
  const builder = createIndexBuilder({
    index,
    store: core,
    legacyFor: () => legacy.gateway,
    log: pino({ level: 'silent' }),
    instanceId: 'a',
    refreshMs,
    leaseMs: 30_000,
    maxWindowRecords,
    now,
    untilIdle,
  })
  return { core, index, legacy, builder }
}

describe('the candidate index builder', () => {
  it('reads the base month by month from its first day, newest first, one list per stored status', async () => {
    const rows = rowsOver(['2026-01-05', '2026-02-10', '2026-03-01'], 8)
    const { index, legacy, builder } = await setUp(rows)
    builder.offer('t')
    await builder.idle()
    expect(await index.count()).toBe(24)
    expect((await index.windows()).map((w) => [w.start, w.end, w.total])).toEqual([
      ['2026-01-05', '2026-01-31', 8],
      ['2026-02-01', '2026-02-28', 8],
      ['2026-03-01', '2026-03-10', 8],
    ])
    // The first day from the oldest page; then March, February, January; sem-status once for null and 'pendente'.
    expect(legacy.calls).toEqual([
      'page 1',
      'page 2',
      'counts 2026-03-01..2026-03-10',
      'status sem-status 2026-03-01..2026-03-10',
      'status triado 2026-03-01..2026-03-10',
      'status Aprovado 2026-03-01..2026-03-10',
      'counts 2026-02-01..2026-02-28',
      'status sem-status 2026-02-01..2026-02-28',
      'status triado 2026-02-01..2026-02-28',
      'status Aprovado 2026-02-01..2026-02-28',
      'counts 2026-01-05..2026-01-31',
      'status sem-status 2026-01-05..2026-01-31',
      'status triado 2026-01-05..2026-01-31',
      'status Aprovado 2026-01-05..2026-01-31',
    ])
  })

  it('splits a window that holds more than one read may bring, down to days', async () => {
    const rows = rowsOver(['2026-03-02', '2026-03-03', '2026-03-09'], 6)
    const { index, builder } = await setUp(rows, { maxWindowRecords: 10 })
    builder.offer('t')
    await builder.idle()
    expect(await index.count()).toBe(18)
    const windows = await index.windows()
    expect(windows.every((w) => w.readAt > 0 && w.total <= 10)).toBe(true)
    expect(windows[0]!.start).toBe('2026-03-02')
    expect(windows.at(-1)!.end).toBe('2026-03-10')
  })

  it('reads again, oldest first, only what is older than the refresh, and sees what changed and what went', async () => {
    let t = Date.parse('2026-03-10T15:00:00Z')
    const rows = rowsOver(['2026-02-10', '2026-03-01'], 4)
    const { index, legacy, builder } = await setUp(rows, { now: () => t, refreshMs: 60_000 })
    builder.offer('t')
    await builder.idle()
    // Changed and deleted in the legacy directly, by another client.
    rows[0]!.status = 'contratado'
    rows.splice(7, 1)
    t += 30_000
    legacy.calls.length = 0
    builder.offer('t')
    await builder.idle()
    expect(legacy.calls).toEqual([])
    t += 31_000
    builder.offer('t')
    await builder.idle()
    // Both windows are due now, and each is read once.
    expect(legacy.calls.filter((c) => c.startsWith('counts')).sort()).toEqual(['counts 2026-02-10..2026-02-28', 'counts 2026-03-01..2026-03-10'])
    const all = await pageWithCounts(index, { page: 1, pageSize: 50 })
    expect(all.total).toBe(7)
    expect(all.counts.contratado).toBe(1)
  })

  it('grows the last window with each new day, and opens a new one each month', async () => {
    let t = Date.parse('2026-03-30T15:00:00Z')
    const rows = rowsOver(['2026-03-01'], 2)
    const { index, builder } = await setUp(rows, { now: () => t })
    builder.offer('t')
    await builder.idle()
    t = Date.parse('2026-04-02T15:00:00Z')
    rows.push({ id: 99, full_name: 'Nova', status: null, created_at: day('2026-04-02') })
    builder.offer('t')
    await builder.idle()
    expect((await index.windows()).map((w) => [w.start, w.end])).toEqual([
      ['2026-03-01', '2026-03-31'],
      ['2026-04-01', '2026-04-02'],
    ])
    expect(await index.count()).toBe(3)
  })

  it('stops when the lent token is refused, and goes on from where it was with the next one', async () => {
    const rows = rowsOver(['2026-01-05', '2026-02-10', '2026-03-01'], 3)
    const { index, legacy, builder } = await setUp(rows)
    // The token ends after the plan and March's read.
    let calls = 0
    const original = legacy.gateway.candidates.statusCounts.bind(legacy.gateway.candidates)
    legacy.gateway.candidates.statusCounts = async (d) => {
      if (++calls === 2) legacy.refuseFromNow()
      return original(d)
    }
    builder.offer('t')
    await builder.idle()
    const windows = await index.windows()
    expect(windows.filter((w) => w.readAt > 0).map((w) => w.start)).toEqual(['2026-03-01'])
    legacy.calls.length = 0
    const fresh = memoryLegacy(rows)
    Object.assign(legacy.gateway, fresh.gateway)
    builder.offer('t2')
    await builder.idle()
    expect(await index.count()).toBe(9)
  })

  it('reads a window marked stale at once when nudged, not at the next refresh', async () => {
    const rows = rowsOver(['2026-03-01', '2026-03-05'], 2)
    // A builder as the app runs it: it waits for the next refresh (an hour) instead of ending.
    const { index, builder } = await setUp(rows, { now: Date.now, refreshMs: 3_600_000, untilIdle: false })
    try {
      builder.offer('t')
      await expect.poll(async () => (await index.windows()).every((w) => w.readAt > 1), { timeout: 5000 }).toBe(true)
      // A new record whose answer carried none: its day's window is marked, and the builder told.
      rows.push({ id: 99, full_name: 'Nova', status: null, created_at: day('2026-03-05') })
      await index.staleDay('2026-03-05')
      builder.nudge()
      await expect.poll(() => index.count(), { timeout: 5000 }).toBe(5)
    } finally {
      await builder.stop()
    }
  })

  it('leaves the building to the instance that holds the lease', async () => {
    const rows = rowsOver(['2026-03-01'], 2)
    const { core, index, legacy, builder } = await setUp(rows)
    await core.takeLease('candidate-index', 'another instance', 30_000)
    builder.offer('t')
    await builder.idle()
    expect(legacy.calls).toEqual([])
    expect(await index.count()).toBe(0)
  })
})
