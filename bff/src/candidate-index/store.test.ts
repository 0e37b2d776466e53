import { describe, expect, it } from 'vitest'
import { indexEntry } from '@mini-vagas/shared/domain/candidate-index'
import { candidateListView, countByStatus, matchesSearch } from '@mini-vagas/shared/domain/candidate-list'
import { CANDIDATE_ORDERS } from '@mini-vagas/shared/constants/candidate-orders'
import { dayRangeInstants, monthRange } from '@mini-vagas/shared/domain/dates'
import { bothStoreEngines } from '../testing-store.ts'
import { pageWithCounts } from './testing.ts'
import { DIGITS_TABLE } from './schema.ts'
import { CANDIDATE_INDEX_MIGRATIONS, createCandidateIndexStore, digitKeysOf, listAnchors, pgTrigrams, trigramSampleOf, type CandidateIndexStoreOptions } from './store.ts'

const { places: ENGINES, open } = bothStoreEngines()

async function indexStore(place: string, options?: CandidateIndexStoreOptions) {
  const store = await open(place)
  await store.migrate('candidate-index', CANDIDATE_INDEX_MIGRATIONS)
  const index = createCandidateIndexStore(store, options)
  // As the plugin does on start: on a new store the digits table is complete at once (SQLite).
  await index.fillDigits()
  return Object.assign(index, { store, close: () => store.close() })
}

/** What `during` answers, and the statements (with their values) the index's store ran meanwhile, in order. */
async function statementsRun<T>(index: Awaited<ReturnType<typeof indexStore>>, during: () => Promise<T>) {
  const statements: [string, readonly unknown[]][] = []
  const { all, get } = index.store
  const recorded = <F extends (sql: string, params?: readonly unknown[], options?: never) => unknown>(run: F) =>
    ((sql: string, params?: readonly unknown[], options?: never) => {
      statements.push([sql, params ?? []])
      return run.call(index.store, sql, params, options)
    }) as F
  Object.assign(index.store, { all: recorded(all), get: recorded(get) })
  try {
    return { result: await during(), statements }
  } finally {
    Object.assign(index.store, { all, get })
  }
}

const NAMES = ['José Álvares', 'Maria da Conceição', 'Ana Paula', 'João Pedro', 'Zuleica Íris', 'Ângela Souza', 'Bruno Lima', 'Carla Dias']
const CITIES = ['Fortaleza', 'Maracanaú', 'Natal', 'Caucaia', 'Sobral']
const STATUSES = [null, '', 'pendente', 'triado', 'entrevista', 'contratado', 'Aprovado']

/** A varied set of records: names and cities with accents, statuses in every stored form, shared contacts. */
function records(n: number) {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    full_name: `${NAMES[i % NAMES.length]} ${i}`,
    email: i % 17 === 0 ? 'same@example.com' : `p${i}@example.com`,
    whatsapp: i % 23 === 0 ? '(85) 98888-7777' : `(85) 9${String(10_000_000 + i).slice(-8)}`,
    address_city: CITIES[i % CITIES.length],
    address_state: i % 3 ? 'CE' : 'RN',
    status: STATUSES[i % STATUSES.length],
    job_posting_id: 1 + (i % 4),
    company_name: i % 2 ? 'Bom Preço' : 'Açaí & Cia',
    created_at: new Date(Date.parse('2026-01-01T15:00:00Z') + i * 3_600_000).toISOString(),
    updated_at: i % 5 ? null : new Date(Date.parse('2026-06-01T15:00:00Z') + i * 60_000).toISOString(),
    veiopor: ['instagram', 'Indicação', null, 'outro canal'][i % 4],
  }))
}

describe.each(Object.entries(ENGINES))('candidate index store on %s', (_engine, place) => {
  // A walk of 5,000 rows sees these lists whole; one of 7 rows leaves most searches to the trigram
  // index. A probe of 500 reads every search here whole (SQLite); one of 3 leaves most to the walk.
  it.each([
    [5000, 500],
    [7, 500],
    [7, 3],
    [5000, 3],
  ])('answers every order, status and search as the list rules do over the same rows (walking %i rows, probing %i)', async (walkRows, probeRows) => {
    const index = await indexStore(await place(), { walkRows, probeRows })
    const rows = records(300)
    await index.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    // Days as Fortaleza counts them (UTC−3).
    const someDays = { start: '2026-01-03', end: '2026-01-07' }
    const oneDay = { start: '2026-01-04', end: '2026-01-04' }
    const inDays = (r: (typeof rows)[number], days = someDays) => {
      const day = new Date(Date.parse(r.created_at) - 3 * 3_600_000).toISOString().slice(0, 10)
      return day >= days.start && day <= days.end
    }
    const lists: [string, typeof rows, { vacancyId?: number; withCompany?: boolean; days?: typeof someDays }][] = [
      ['vacancy 2', rows.filter((r) => r.job_posting_id === 2), { vacancyId: 2 }],
      ['every candidate', rows, { withCompany: true }],
      ['some days', rows.filter((r) => inDays(r)), { withCompany: true, days: someDays }],
      ['vacancy 3 on some days', rows.filter((r) => r.job_posting_id === 3 && inDays(r)), { vacancyId: 3, days: someDays }],
      // Fewer rows with a status than a short walk reads, none of them among the base's first.
      ['one day', rows.filter((r) => inDays(r, oneDay)), { withCompany: true, days: oneDay }],
    ]
    for (const [name, listed, selection] of lists) {
      const view = candidateListView(listed as never[])
      for (const order of CANDIDATE_ORDERS)
        for (const status of [undefined, '', 'triado', 'Aprovado'])
          for (const q of [
            '',
            'jose',
            'CONCEIÇÃO',
            'p1',
            '8888',
            'zzz',
            'p29@',
            'jose alvares 16',
            'p129@example.com',
            'example.com',
            '98888-7777',
            '0000129',
            '8591000',
            'preço',
          ]) {
            // The list rules match the company only on the all-candidates list (the rows carry it).
            const expected = selection.withCompany
              ? {
                  rows: view.select({ q: '', status, order }).rows.filter((r: (typeof rows)[number]) => matchesSearch(r as never, q, true)),
                  counts: countByStatus(listed.filter((r) => matchesSearch(r as never, q, true)) as never[]),
                }
              : view.select({ q, status, order })
            const label = `${name} ${order} ${String(status)} ${q}`
            const page = await pageWithCounts(index, { ...selection, q, status, order, page: 1, pageSize: 1000 })
            expect(
              page.items.map((r) => r.id),
              label,
            ).toEqual(expected.rows.map((r: { id: number }) => r.id))
            expect(page.counts, label).toEqual(expected.counts)
            // A page of 20 without its counts is the same rows, and says whether more follow.
            const first = await index.page({ ...selection, q, status, order, page: 2, pageSize: 20 }, null)
            expect(
              first.items.map((r) => r.id),
              label,
            ).toEqual(expected.rows.slice(20, 40).map((r: { id: number }) => r.id))
            expect(first.hasMore, label).toBe(expected.rows.length > 40)
            // Its total only when the search was read whole on the way (a rare text, on SQLite).
            if (first.total !== null) expect(first.total, label).toBe(expected.rows.length)
          }
    }
    await index.close()
  })

  it('counts from its tallies what the rows hold, before the log is folded and after, through writes, reads and deletions', async () => {
    const index = await indexStore(await place())
    const rows = records(120)
    const entries = rows.map((r) => indexEntry(r)!)
    const byRows = async (where: string, params: unknown[]) => {
      const counted = await index.store.all<{ status: string; n: number }>(`SELECT status, COUNT(*) AS n FROM candidate_index ${where} GROUP BY status`, params)
      return Object.fromEntries([['all', counted.reduce((n, r) => n + Number(r.n), 0)], ...counted.map((r) => [r.status, Number(r.n)])].filter(([, n]) => n !== 0))
    }
    const check = async () => {
      expect(await index.tallied({ vacancyId: 3 })).toEqual(await byRows('WHERE vacancy_id = ?', [3]))
      expect(await index.tallied({ days: { start: '2026-01-02', end: '2026-01-03' } })).toEqual(
        await byRows('WHERE created_day >= ? AND created_day <= ?', ['2026-01-02', '2026-01-03']),
      )
      expect(await index.tallied({})).toEqual(await byRows('', []))
      // Hires by the month of their last action (Fortaleza), of those registered in the window.
      for (const month of ['2026-01', '2026-06', '2026-07']) {
        const { from, until } = dayRangeInstants(monthRange(month).start, monthRange(month).end)
        const registered = { start: '2025-08-01', end: monthRange(month).end }
        const hired = await index.store.all<{ vacancy_id: number; n: number }>(
          "SELECT vacancy_id, COUNT(*) AS n FROM candidate_index WHERE status = 'contratado' AND last_action >= ? AND last_action < ? AND created_day >= ? AND created_day <= ? GROUP BY vacancy_id",
          [from.getTime(), until.getTime(), registered.start, registered.end],
        )
        expect(await index.hiresByVacancy(month, registered)).toEqual(new Map(hired.map((r) => [Number(r.vacancy_id), Number(r.n)])))
      }
    }
    await index.put(entries, 1)
    await check()
    await index.foldTallies()
    await check()
    // Moved to another status (twice), to another vacancy, and gone.
    await index.put([indexEntry({ ...rows[3]!, status: 'contratado' })!, indexEntry({ ...rows[4]!, job_posting_id: 3 })!], 2)
    await index.put([indexEntry({ ...rows[3]!, status: 'reprovado' })!], 3)
    await check()
    // A hire acted on again moves to the month of its new last action.
    expect(rows[5]!.status).toBe('contratado')
    await index.put([indexEntry({ ...rows[5]!, updated_at: '2026-07-02T12:00:00.000Z' })!], 3)
    expect((await index.hiresByVacancy('2026-07', { start: '2025-08-01', end: '2026-07-31' })).size).toBe(1)
    await check()
    await index.replaceWindow(
      { start: '2026-01-01', end: '2026-01-01' },
      entries.slice(0, 12).filter((e) => e.id !== 6),
      4,
    )
    await check()
    await index.foldTallies()
    await check()
    expect(await index.count()).toBe(119)
    // The engine's statistics, taken after a first build, change no figure.
    await index.settle()
    await check()
    // The dashboard's month: registrations per status and per origin, and hires per vacancy.
    const month = await index.registered({ start: '2026-01-01', end: '2026-01-31' })
    expect(month.statuses).toEqual(Object.fromEntries(Object.entries(await byRows("WHERE created_day LIKE '2026-01-%'", [])).filter(([k]) => k !== 'all')))
    expect(Object.values(month.origins).reduce((a, b) => a + b, 0)).toBe(119)
    expect(month.origins['Não informado']).toBeGreaterThan(0)
    await index.close()
  })

  it('an index built before hires were tallied counts them, from its rows, once migrated', async () => {
    const place1 = await place()
    const earlier = await open(place1)
    await earlier.migrate('candidate-index', CANDIDATE_INDEX_MIGRATIONS.slice(0, 3))
    // Today's writer keeps the digits table too (a later migration, which leaves one it finds).
    if (earlier.engine === 'sqlite') await earlier.run(DIGITS_TABLE)
    // And marks shared contacts in a column a later migration adds (and fills): gone again here.
    await earlier.run('ALTER TABLE candidate_record ADD COLUMN shares_contact INTEGER NOT NULL DEFAULT 0')
    const rows = records(120)
    await createCandidateIndexStore(earlier).put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    await earlier.run('ALTER TABLE candidate_record DROP COLUMN shares_contact')
    await earlier.close()
    const index = await indexStore(place1)
    // The migration marks what was indexed before it: records 1, 18, 35… share an e-mail; 1, 24, 47… a WhatsApp.
    const everyone = await index.page({ page: 1, pageSize: 120 }, null)
    expect(everyone.possibleDuplicates.sort((a, b) => a - b)).toEqual(rows.filter((_, i) => i % 17 === 0 || i % 23 === 0).map((r) => r.id))
    const direct = await index.store.all<{ vacancy_id: number; n: number }>(
      "SELECT vacancy_id, COUNT(*) AS n FROM candidate_index WHERE status = 'contratado' AND last_action < ? GROUP BY vacancy_id",
      [Date.parse('2026-02-01T03:00:00Z')],
    )
    expect(direct.length).toBeGreaterThan(0)
    expect(await index.hiresByVacancy('2026-01', { start: '2025-02-01', end: '2026-01-31' })).toEqual(new Map(direct.map((r) => [Number(r.vacancy_id), Number(r.n)])))
    await index.close()
  })

  it('keeps a month’s hires as read from their tally until a fold adds hires to it, on whichever instance folds', async () => {
    const shared = await place()
    const here = await indexStore(shared)
    const there = await indexStore(shared)
    const rows = records(120)
    await here.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    await here.foldTallies()
    const month = '2026-07'
    const registered = { start: '2025-08-01', end: '2026-07-31' }
    const byRows = async () => {
      const { from, until } = dayRangeInstants(monthRange(month).start, monthRange(month).end)
      const hired = await here.store.all<{ vacancy_id: number; n: number }>(
        "SELECT vacancy_id, COUNT(*) AS n FROM candidate_index WHERE status = 'contratado' AND last_action >= ? AND last_action < ? AND created_day >= ? AND created_day <= ? GROUP BY vacancy_id",
        [from.getTime(), until.getTime(), registered.start, registered.end],
      )
      return new Map(hired.map((r) => [Number(r.vacancy_id), Number(r.n)]))
    }
    const folds = async () => Number((await here.store.get<{ n: number }>('SELECT hires_folds AS n FROM candidate_index_version WHERE id = 1'))?.n)
    const kept = await here.hiresByVacancy(month, registered)
    expect(kept).toEqual(await byRows())
    // Another status (not a hire) written and folded on the other instance: the same answer, not read again.
    const before = await folds()
    await there.put([indexEntry({ ...rows[2]!, status: 'triado' })!], 2)
    await there.foldTallies()
    expect(await folds()).toBe(before)
    expect(await here.hiresByVacancy(month, registered)).toBe(kept)
    // Hires in July written there: here they come from the log, then from the tally once folded there.
    const hires = [7, 8, 9].map((i) => indexEntry({ ...rows[i]!, status: 'contratado', updated_at: '2026-07-10T12:00:00.000Z' })!)
    await there.put(hires, 3)
    const logged = await here.hiresByVacancy(month, registered)
    expect(logged).toEqual(await byRows())
    expect([...logged.values()].reduce((a, b) => a + b, 0)).toBe([...kept.values()].reduce((a, b) => a + b, 0) + 3)
    await there.foldTallies()
    expect(await folds()).toBe(before + 1)
    expect(await here.store.get('SELECT id FROM candidate_tally_log WHERE hire_month IS NOT NULL')).toBeUndefined()
    expect(await here.hiresByVacancy(month, registered)).toEqual(await byRows())
    await here.close()
    await there.close()
  })

  it('records each change of status it sees, with when the legacy says it happened', async () => {
    const index = await indexStore(await place())
    const row = records(1)[0]!
    await index.put([indexEntry(row)!], 1)
    await index.put([indexEntry({ ...row, status: 'entrevista_online', updated_at: '2026-02-01T12:00:00Z' })!], 2)
    // The same again (a read that finds nothing new) and a note: no change of status.
    await index.put([indexEntry({ ...row, status: 'entrevista_online', updated_at: '2026-02-01T12:00:00Z' })!], 3)
    await index.put([indexEntry({ ...row, status: 'entrevista_online', obs: 'ligar', updated_at: '2026-02-02T12:00:00Z' })!], 4)
    await index.replaceWindow({ start: '2026-01-01', end: '2026-01-01' }, [indexEntry({ ...row, status: 'contratado', updated_at: '2026-02-05T12:00:00Z' })!], 5)
    const history = await index.store.all<{ from_status: string; to_status: string; at: number }>('SELECT from_status, to_status, at FROM candidate_status_history ORDER BY id')
    expect(history.map((h) => [h.from_status, h.to_status, Number(h.at)])).toEqual([
      ['', 'entrevista_online', Date.parse('2026-02-01T12:00:00Z')],
      ['entrevista_online', 'contratado', Date.parse('2026-02-05T12:00:00Z')],
    ])
    expect(await index.historyFrom()).toBe(5)
    await index.close()
  })

  it('reads any page of a list without a search from the rows pages placed before, or from its end, as from its start', async () => {
    // Days with rows registered after them are read day by day on PostgreSQL.
    const index = await indexStore(await place(), { crossRows: 0 })
    const rows = records(300)
    await index.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    const lists: [typeof rows, { vacancyId?: number; days?: { start: string; end: string } }][] = [
      [rows.filter((r) => r.job_posting_id === 2), { vacancyId: 2 }],
      [rows, {}],
      // Days as Fortaleza counts them (UTC−3).
      [rows.filter((r) => new Date(Date.parse(r.created_at) - 3 * 3_600_000).toISOString().slice(0, 10) <= '2026-01-06'), { days: { start: '2026-01-01', end: '2026-01-06' } }],
    ]
    const pageSize = 7
    for (const [listed, selection] of lists) {
      const view = candidateListView(listed as never[])
      for (const order of CANDIDATE_ORDERS)
        for (const status of [undefined, 'triado']) {
          const expected = view.select({ q: '', status, order }).rows.map((r: { id: number }) => r.id)
          const counts = await index.counts(selection)
          const last = Math.max(1, Math.ceil(expected.length / pageSize))
          const anchors = listAnchors(8)
          // Next and previous, the last page and back, jumps both ways, a page again.
          for (const page of [1, 2, 3, last, last - 1, 2, Math.ceil(last / 2), 5, 4, last, 1, 9, 8, 3]) {
            const asked = Math.min(Math.max(1, page), last)
            const label = `${JSON.stringify(selection)} ${order} ${String(status)} page ${asked}`
            const read = await index.page({ ...selection, status, order, page: asked, pageSize }, counts, { anchors })
            expect(
              read.items.map((r) => r.id),
              label,
            ).toEqual(expected.slice((asked - 1) * pageSize, asked * pageSize))
            expect(read.hasMore, label).toBe(asked * pageSize < expected.length)
          }
        }
    }
    // The rows come from the anchor's values on: one placed (wrongly, here) at 40 with the values
    // of the row at 10 answers the rows after 10 for a page at 40.
    const inOrder = (await index.page({ vacancyId: 2, page: 1, pageSize: 75 }, null)).items.map((r) => Number(r.id))
    const record = (id: number) => indexEntry(rows[id - 1]!)!
    const misplaced = listAnchors()
    misplaced.learn({ position: 40, keys: [record(inOrder[10]!).lastAction, inOrder[10]] })
    expect((await index.page({ vacancyId: 2, page: 5, pageSize: 10 }, null, { anchors: misplaced })).items.map((r) => r.id)).toEqual(inOrder.slice(10, 20))
    // A page nearer the end is read backwards from it: told of 5 rows more than it holds, the list's
    // page at 60 answers the 10 rows from 55 (read from the end, 5 rows short).
    const counts = await index.counts({ vacancyId: 2 })
    const told = { ...counts, all: counts.all! + 5 }
    expect((await index.page({ vacancyId: 2, page: 7, pageSize: 10 }, told)).items.map((r) => r.id)).toEqual(inOrder.slice(55, 65))
    await index.close()
  })

  it('reads a range of more days than SQLite merges, day by day or not, as the list rules order it', async () => {
    // 450 people, each registered on a day of their own; some changed later, out of that order.
    const index = await indexStore(await place(), { crossRows: 0 })
    const rows = records(450).map((r, i) => ({
      ...r,
      created_at: new Date(Date.parse('2025-01-01T15:00:00Z') + i * 86_400_000).toISOString(),
      updated_at: i % 7 ? null : new Date(Date.parse('2026-06-01T15:00:00Z') - i * 3_600_000).toISOString(),
    }))
    await index.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    for (const [days, listed] of [
      [{ start: '2025-01-01', end: '2026-12-31' }, rows],
      [{ start: '2025-03-01', end: '2025-05-31' }, rows.slice(59, 151)],
      [{ start: '2025-03-01' }, rows.slice(59)],
      [{ end: '2025-05-31' }, rows.slice(0, 151)],
    ] as const) {
      const inRange = candidateListView(listed as never[])
      for (const status of [undefined, 'triado'])
        for (const q of ['', 'jose']) {
          const expected = inRange.select({ q, status, order: 'last_action_desc' }).rows.map((r: { id: number }) => r.id)
          const label = `${JSON.stringify(days)} ${String(status)} ${q}`
          // The second page where there is one (a page past the end is the last).
          const asked = expected.length > 10 ? 2 : 1
          const page = await pageWithCounts(index, { days, q, status, page: asked, pageSize: 10 })
          expect(
            page.items.map((r) => r.id),
            label,
          ).toEqual(expected.slice((asked - 1) * 10, asked * 10))
          expect(page.hasMore, label).toBe(expected.length > asked * 10)
        }
    }
    await index.close()
  })

  it('reads a range of days, with the search or the status it checks, from the days’ indexes alone: no table row per entry', async () => {
    const index = await indexStore(await place(), { crossRows: 0 })
    await index.put(
      records(300).map((r) => indexEntry(r)!),
      1,
    )
    await index.settle()
    // The statements a page of some days runs that read its days' rows, as run.
    const days = { start: '2026-01-03', end: '2026-01-07' }
    const { statements } = await statementsRun(index, async () => {
      for (const selection of [{}, { q: 'jose' }, { status: 'triado' }, { status: 'triado', q: 'jose' }])
        await index.page({ days, withCompany: true, page: 2, pageSize: 5, ...selection }, null)
    })
    const run = statements.filter(([sql]) => /created_day (= |IN )/.test(sql))
    expect(run.length).toBeGreaterThanOrEqual(3)
    if (index.store.engine === 'sqlite') {
      for (const [sql, params] of run) {
        const reads = (await index.store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params))
          .map((r) => r.detail)
          .filter((d) => /^(SEARCH|SCAN) candidate_index\b/.test(d))
        expect(reads.length, sql).toBeGreaterThan(0)
        // A status and a search together: the status's rows of each day by its index, then each
        // of those rows' search keys from the table (as fast, measured at a million).
        const covering = !(sql.includes('status = ?') && sql.includes('search'))
        for (const read of reads) expect(read, sql).toMatch(covering ? /USING COVERING INDEX candidate_index_(days_walk|day_status) / : /USING INDEX candidate_index_day_status /)
      }
    } else {
      type Node = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; 'Heap Fetches'?: number; Plans?: Node[] }
      const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)]
      for (const [sql, params] of run) {
        const reads = await index.store.tx(async (q) => {
          // A table this small would be read whole; at a million its indexes are the way.
          await q.run('SET LOCAL enable_seqscan = off')
          await q.run('SET LOCAL enable_bitmapscan = off')
          const [plan] = await q.all<{ 'QUERY PLAN': [{ Plan: Node }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`, params)
          return nodes(plan!['QUERY PLAN'][0].Plan).filter((n) => n['Relation Name'] === 'candidate_index')
        })
        expect(reads.length, sql).toBeGreaterThan(0)
        for (const read of reads) expect(read, sql).toMatchObject({ 'Node Type': 'Index Only Scan', 'Index Name': 'candidate_index_days_walk', 'Heap Fetches': 0 })
      }
    }
    await index.close()
  })

  it('asks a range of any number of days with one of a few statement texts: its days padded with days that hold nothing', async () => {
    const index = await indexStore(await place(), { crossRows: 0 })
    await index.put(
      records(300).map((r) => indexEntry(r)!),
      1,
    )
    const rows = records(300)
    for (const q of ['', 'jose']) {
      const { result: pages, statements } = await statementsRun(index, async () => {
        const pages = []
        // From two to seven of the rows' days: one text for all (as many as eight days).
        for (const end of ['2026-01-04', '2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09'])
          pages.push([end, await index.page({ days: { start: '2026-01-03', end }, q, withCompany: true, page: 1, pageSize: 5 }, null)] as const)
        return pages
      })
      for (const [end, page] of pages) {
        const listed = rows.filter(
          (r) => r.created_at >= '2026-01-03T03:00:00Z' && r.created_at < new Date(Date.parse(`${end}T03:00:00Z`) + 86_400_000).toISOString() && matchesSearch(r as never, q, true),
        )
        expect(page.items.map((r) => r.id)).toEqual(
          candidateListView(listed as never[])
            .select({ q: '', order: 'last_action_desc' })
            .rows.slice(0, 5)
            .map((r: { id: number }) => r.id),
        )
      }
      const merged = new Set(statements.filter(([sql]) => /created_day (= |IN )/.test(sql)).map(([sql]) => sql))
      expect(merged.size, q).toBe(1)
    }
    await index.close()
  })

  it('keeps what a page of some days reads before its rows for the version it was asked at, and reads it again once a write moves the version', async () => {
    const index = await indexStore(await place(), { crossRows: 0 })
    const rows = records(300)
    // The first of January's rows (days as Fortaleza counts them, UTC−3) come in later, changed last.
    const firstDay = (r: (typeof rows)[number]) => r.created_at >= '2026-01-01T03:00:00Z' && r.created_at < '2026-01-02T03:00:00Z'
    await index.put(
      rows.filter((r) => !firstDay(r)).map((r) => indexEntry(r)!),
      1,
    )
    // Each search its own days: what one reads is not kept for the other.
    const ranges: Record<string, { end: string; before: string }> = {
      '': { end: '2026-01-07', before: '2026-01-08T03:00:00Z' },
      jose: { end: '2026-01-06', before: '2026-01-07T03:00:00Z' },
    }
    const expected = (listed: typeof rows, q: string) =>
      candidateListView(listed.filter((r) => r.created_at < ranges[q]!.before) as never[])
        .select({ q, order: 'last_action_desc' })
        .rows.slice(0, 10)
        .map((r: { id: number }) => r.id)
    const ask = async (q: string, version: number) =>
      (await index.page({ days: { start: '2026-01-01', end: ranges[q]!.end }, q, withCompany: true, page: 1, pageSize: 10 }, null, { version })).items.map((r) => r.id)
    const before = await index.version()
    for (const q of ['', 'jose']) {
      const first = await statementsRun(index, () => ask(q, before))
      expect(first.result, q).toEqual(
        expected(
          rows.filter((r) => !firstDay(r)),
          q,
        ),
      )
      const again = await statementsRun(index, () => ask(q, before))
      expect(again.result, q).toEqual(first.result)
      expect(again.statements.length, q).toBeLessThan(first.statements.length)
    }
    const changed = rows.map((r) => (firstDay(r) ? { ...r, updated_at: '2026-12-01T12:00:00Z' } : r))
    await index.put(
      changed.filter(firstDay).map((r) => indexEntry(r)!),
      2,
    )
    const after = await index.version()
    expect(after).not.toBe(before)
    for (const q of ['', 'jose']) expect(await ask(q, after), q).toEqual(expected(changed, q))
    await index.close()
  })

  it('pages, counts the whole selection and clamps a page past the end', async () => {
    const index = await indexStore(await place())
    await index.put(
      records(95).map((r) => indexEntry(r)!),
      1,
    )
    const first = await pageWithCounts(index, { page: 1, pageSize: 20 })
    expect(first).toMatchObject({ total: 95, page: 1, pageCount: 5, pageSize: 20 })
    expect(first.items).toHaveLength(20)
    const last = await pageWithCounts(index, { page: 99, pageSize: 20 })
    expect(last).toMatchObject({ page: 5 })
    expect(last.items).toHaveLength(15)
    // Days alone select (what the legacy's search cannot do), company matches only when asked.
    const days = await pageWithCounts(index, { days: { start: '2026-01-02', end: '2026-01-02' }, page: 1, pageSize: 50 })
    expect(days.total).toBe(24)
    expect((await pageWithCounts(index, { q: 'bom preco', page: 1, pageSize: 20 })).total).toBe(0)
    expect((await pageWithCounts(index, { q: 'bom preco', withCompany: true, page: 1, pageSize: 20 })).total).toBe(47)
    // A search's own wildcards are taken literally.
    expect((await pageWithCounts(index, { q: '%', page: 1, pageSize: 20 })).total).toBe(0)
    expect((await pageWithCounts(index, { q: 'p1_', page: 1, pageSize: 20 })).total).toBe(0)
    await index.close()
  })

  it('finds possible duplicates across the whole index, not only the page', async () => {
    const index = await indexStore(await place())
    await index.put(
      records(100).map((r) => indexEntry(r)!),
      1,
    )
    // Record 18 (index 17) shares the e-mail of record 1; record 47 (index 46) the WhatsApp of record 24.
    const page = await index.page({ vacancyId: 3, q: 'p46@', page: 1, pageSize: 20 }, null)
    expect(page.items.map((r) => r.id)).toEqual([47])
    expect(page.possibleDuplicates).toEqual([47])
    const all = await index.page({ page: 1, pageSize: 100 }, null)
    expect(all.possibleDuplicates).toContain(18)
    expect(all.possibleDuplicates).not.toContain(2)
    await index.close()
  })

  it('keeps which records share a contact as entries change, arrive and go', async () => {
    const index = await indexStore(await place())
    // 1 and 2 share an e-mail, 4 and 5 a WhatsApp; all created on 2026-01-01 (hours apart).
    const person = (id: number, email: string, whatsapp: string) => ({ ...records(id).at(-1)!, email, whatsapp })
    const people = [
      person(1, 'x@example.com', ''),
      person(2, 'x@example.com', ''),
      person(3, 'y@example.com', ''),
      person(4, '', '(85) 98888-1111'),
      person(5, '', '(85) 98888-1111'),
    ]
    const shared = async () => (await index.page({ page: 1, pageSize: 20 }, null)).possibleDuplicates.sort((a, b) => a - b)
    await index.put(
      people.map((r) => indexEntry(r)!),
      1,
    )
    expect(await shared()).toEqual([1, 2, 4, 5])
    // 2 takes another e-mail: 1 is alone with its own; then 3 takes 2's new one.
    await index.put([indexEntry(person(2, 'z@example.com', ''))!], 2)
    expect(await shared()).toEqual([4, 5])
    await index.put([indexEntry(person(3, 'Z@example.com', ''))!], 3)
    expect(await shared()).toEqual([2, 3, 4, 5])
    // The legacy no longer holds 5: 4 is alone with its WhatsApp.
    const held = [person(1, 'x@example.com', ''), person(2, 'z@example.com', ''), person(3, 'Z@example.com', ''), person(4, '', '(85) 98888-1111')]
    await index.replaceWindow(
      { start: '2026-01-01', end: '2026-01-01' },
      held.map((r) => indexEntry(r)!),
      4,
    )
    expect((await index.page({ page: 1, pageSize: 20 }, null)).items.map((r) => r.id).sort()).toEqual([1, 2, 3, 4])
    expect(await shared()).toEqual([2, 3])
    await index.close()
  })

  it('replaces a window with what the legacy holds, keeping what the BFF heard during the read', async () => {
    const index = await indexStore(await place())
    const rows = records(48)
    await index.put(
      rows.map((r) => indexEntry(r)!),
      100,
    )
    // Heard at 300, while the read that began at 200 was on its way: newer than what it brings.
    await index.put([indexEntry({ ...rows[0]!, status: 'contratado' })!], 300)
    // 2026-01-01 in Fortaleza holds the first 12 records (from 12:00 local).
    const read = rows
      .slice(0, 12)
      .filter((r) => r.id !== 5)
      .map((r) => indexEntry({ ...r, status: 'triado' })!)
    const version = await index.version()
    await index.replaceWindow({ start: '2026-01-01', end: '2026-01-01' }, read, 200)
    expect(await index.version()).toBeGreaterThan(version)
    // The same read again writes nothing but the window's time, and moves no version.
    const after = await index.version()
    expect(await index.replaceWindow({ start: '2026-01-01', end: '2026-01-01' }, read, 250)).toBe(0)
    expect(await index.version()).toBe(after)
    const day = await pageWithCounts(index, { days: { start: '2026-01-01', end: '2026-01-01' }, page: 1, pageSize: 50 })
    // Record 5 is gone from the legacy; record 1 keeps the status heard after the read began.
    expect(day.items.map((r) => r.id)).not.toContain(5)
    expect(day.counts).toEqual({ all: 11, triado: 10, contratado: 1 })
    // The search follows: the gone record is not found, and the kept one is.
    expect((await pageWithCounts(index, { q: 'p4@example', page: 1, pageSize: 5 })).total).toBe(0)
    expect((await pageWithCounts(index, { q: 'jose alvares 0', page: 1, pageSize: 5 })).items[0]).toMatchObject({ id: 1, status: 'contratado' })
    expect(await index.windows()).toEqual([{ start: '2026-01-01', end: '2026-01-01', total: 11, readAt: 250 }])
    await index.close()
  })

  it('plans windows unread, replaces a split one by its halves, and marks one stale when a write was not answered with its record', async () => {
    const index = await indexStore(await place())
    expect(await index.windowsState()).toEqual({ windows: 0, unread: 0, oldestRead: null })
    await index.planWindows([
      { start: '2026-01-01', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-10' },
    ])
    await index.planWindows(
      [
        { start: '2026-01-01', end: '2026-01-15' },
        { start: '2026-01-16', end: '2026-01-31' },
      ],
      { start: '2026-01-01', end: '2026-01-31' },
    )
    await index.replaceWindow({ start: '2026-01-01', end: '2026-01-15' }, [indexEntry(records(1)[0]!)!], 500)
    await index.stale(1)
    expect(await index.windows()).toEqual([
      { start: '2026-01-01', end: '2026-01-15', total: 1, readAt: 1 },
      { start: '2026-01-16', end: '2026-01-31', total: 0, readAt: 0 },
      { start: '2026-02-01', end: '2026-02-10', total: 0, readAt: 0 },
    ])
    // A new record whose answer carried none: the window of its day (today's) is read again soon; an unread one stays unread.
    await index.replaceWindow({ start: '2026-01-16', end: '2026-01-31' }, [], 600)
    const before = await index.version()
    await index.staleDay('2026-01-20')
    await index.staleDay('2026-02-05')
    expect((await index.windows()).map((w) => w.readAt)).toEqual([1, 1, 0])
    expect(await index.windowsState()).toEqual({ windows: 3, unread: 1, oldestRead: 1 })
    await index.replaceWindow({ start: '2026-02-01', end: '2026-02-10' }, [], 700)
    expect(await index.windowsState()).toEqual({ windows: 3, unread: 0, oldestRead: 1 })
    expect(await index.version()).toBeGreaterThan(before)
    await index.close()
  })
})

describe.each(Object.entries(ENGINES))('the candidate index’s digit keys on %s', (engine, place) => {
  it('find a search of digits, kept through writes and removals, and are filled for records indexed before them', async () => {
    const index = await indexStore(await place())
    const rows = records(60)
    // SQLite's digits table, or PostgreSQL's keys (written by its own function): each record's keys, sorted.
    const keysSql =
      engine === 'sqlite'
        ? 'SELECT rowid AS id, words FROM candidate_digits ORDER BY rowid'
        : "SELECT id, string_agg(key, ' ') AS words FROM candidate_digit_keys GROUP BY id ORDER BY id"
    const held = async () => (await index.store.all<{ id: number; words: string }>(keysSql)).map((r) => `${r.id}: ${r.words.split(' ').sort().join(' ')}`)
    const expected = async () =>
      (await index.store.all<{ id: number; search: string; phone_digits: string }>('SELECT id, search, phone_digits FROM candidate_index ORDER BY id'))
        .map((r) => `${r.id}: ${digitKeysOf(r.search, r.phone_digits).sort().join(' ')}`)
        .filter((line) => !line.endsWith(': '))
    const found = async (q: string) => (await pageWithCounts(index, { q, withCompany: true, page: 1, pageSize: 100 })).items.map((r) => r.id).sort((a, b) => Number(a) - Number(b))
    const matching = (q: string, among: typeof rows) => among.filter((r) => matchesSearch(r as never, q, true)).map((r) => r.id)
    await index.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    expect(await held()).toEqual(await expected())
    // A new WhatsApp, an e-mail with digits, and a record the legacy no longer holds.
    const changed = [
      { ...rows[5]!, whatsapp: '(11) 97777-1234' },
      { ...rows[6]!, email: 'maria1990@example.com' },
    ]
    await index.put(
      changed.map((r) => indexEntry(r)!),
      2,
    )
    await index.replaceWindow(
      { start: '2026-01-01', end: '2026-01-01' },
      rows
        .slice(0, 9)
        .filter((r) => r.id !== 3)
        .map((r) => indexEntry(changed.find((c) => c.id === r.id) ?? r)!),
      3,
    )
    expect(await held()).toEqual(await expected())
    const now = rows.filter((r) => r.id !== 3).map((r) => changed.find((c) => c.id === r.id) ?? r)
    for (const q of ['97777-1234', '1990', '0000129', '0000103']) expect(await found(q), q).toEqual(matching(q, now))
    expect(await found('0000105')).toEqual([])

    // A store indexed before the keys: digit searches ask the trigram index until they are filled, then the keys.
    await index.store.run(engine === 'sqlite' ? 'DELETE FROM candidate_digits' : 'DELETE FROM candidate_digit_keys')
    await index.store.run("DELETE FROM candidate_index_facts WHERE name IN ('digits_complete', 'digits_filled_to')")
    const older = createCandidateIndexStore(index.store)
    const olderFound = async (q: string) =>
      (await pageWithCounts(older, { q, withCompany: true, page: 1, pageSize: 100 })).items.map((r) => r.id).sort((a, b) => Number(a) - Number(b))
    for (const q of ['97777-1234', '1990', '0000129']) expect(await olderFound(q), q).toEqual(matching(q, now))
    await older.fillDigits(7)
    expect(await held()).toEqual(await expected())
    for (const q of ['97777-1234', '1990', '0000129']) expect(await olderFound(q), q).toEqual(matching(q, now))
    // Served by the keys now: a record whose keys are gone is not found by its digits.
    await index.store.run(engine === 'sqlite' ? 'DELETE FROM candidate_digits WHERE rowid = ?' : 'DELETE FROM candidate_digit_keys WHERE id = ?', [6])
    expect(await olderFound('97777-1234')).toEqual([])
    await index.close()
  })
})

describe('the trigrams PostgreSQL is asked for a text', () => {
  const rows = Array.from({ length: 200 }, (_, i) => ({ search: i < 2 ? 'zeca.qux@example.com' : `maria${i}@example.com`, phone_digits: '' }))
  it('are its rarest of letters and digits, at most three, in its order among equals', () => {
    expect(pgTrigrams('search', 'zeca.qux@example.com', trigramSampleOf(rows))).toEqual(['zec', 'eca', 'qux'])
  })
  it('are none when it holds no such trigram or the sample says too little: the whole text is asked', () => {
    expect(pgTrigrams('search', 'a.b@c', trigramSampleOf(rows))).toBeNull()
    expect(pgTrigrams('search', 'zeca.qux', trigramSampleOf(rows.slice(0, 50)))).toBeNull()
  })
})

describe('the candidate index on sqlite', () => {
  it('walks some days in name, city or state order from that order’s index alone, each row’s day checked there', async () => {
    // A walk of 7 rows: these 120 rows of five days are more, so each order's index is walked.
    const index = await indexStore(await ENGINES.sqlite!(), { walkRows: 7 })
    const rows = records(300)
    await index.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    const days = { start: '2026-01-03', end: '2026-01-07' }
    const listed = rows.filter((r) => r.created_at >= '2026-01-03T03:00:00Z' && r.created_at < '2026-01-08T03:00:00Z')
    for (const order of ['name_asc', 'city_desc', 'state_asc'] as const) {
      const query = { days, order, page: 2, pageSize: 5, withCompany: true }
      const counts = await index.counts(query)
      const { result: page, statements } = await statementsRun(index, () => index.page(query, counts))
      expect(page.items.map((r) => r.id)).toEqual(
        candidateListView(listed as never[])
          .select({ q: '', order })
          .rows.slice(5, 10)
          .map((r: { id: number }) => r.id),
      )
      const walked = statements.filter(([sql]) => sql.includes('+created_day'))
      expect(walked.length, order).toBeGreaterThan(0)
      for (const [sql, params] of walked) {
        const reads = (await index.store.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${sql}`, params))
          .map((r) => r.detail)
          .filter((d) => /^(SEARCH|SCAN) candidate_index\b/.test(d))
        expect(reads, sql).toEqual([expect.stringMatching(new RegExp(`USING COVERING INDEX candidate_index_${order.split('_')[0]}_days\\b`))])
      }
    }
    await index.close()
  })
})

describe('the candidate index on postgres', () => {
  it('marks a shared contact written by two instances at once, each unaware of the other’s entry', async () => {
    const shared = await ENGINES.postgres!()
    const [here, there, holder] = [await indexStore(shared), await indexStore(shared), await open(shared)]
    const person = (id: number) => ({ ...records(id).at(-1)!, email: 'same@example.com', whatsapp: '' })
    // A third writer holds the version until both instances have written their entries: then each
    // marks what it sees, and neither sees the other's uncommitted entry unless marking waits.
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    let holding!: () => void
    const holds = new Promise<void>((resolve) => (holding = resolve))
    const holderDone = holder.tx(async (sql) => {
      await sql.run('UPDATE candidate_index_version SET version = version + 1 WHERE id = 1')
      holding()
      await held
    })
    await holds
    const writes = [here.put([indexEntry(person(1))!], 1), there.put([indexEntry(person(2))!], 1)]
    // Both have written their entries and wait for the version's row.
    const waiting = async () =>
      Number((await holder.get<{ n: number }>("SELECT COUNT(*) AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE 'UPDATE candidate_index_version%'"))!.n)
    for (let tries = 0; (await waiting()) < 2; tries++) {
      if (tries > 200) throw new Error('the writers never waited for the version')
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    release()
    await holderDone
    await Promise.all(writes)
    expect((await here.page({ page: 1, pageSize: 20 }, null)).possibleDuplicates.sort()).toEqual([1, 2])
    await Promise.all([here.close(), there.close(), holder.close()])
  })

  it('merges a range’s days as it reads them, planned once for any days: a page reads about its rows, not the days’', async () => {
    const index = await indexStore(await ENGINES.postgres!(), { crossRows: 0 })
    await index.put(
      records(300).map((r) => indexEntry(r)!),
      1,
    )
    await index.settle()
    // Five days of 24 rows each, all changed at their registration: a page of 5 rows after 5.
    const days = { start: '2026-01-03', end: '2026-01-07' }
    const { result: page, statements } = await statementsRun(index, () => index.page({ days, page: 2, pageSize: 5 }, null))
    const run = statements.filter(([sql]) => sql.includes('created_day = '))
    expect(page.items).toHaveLength(5)
    expect(run).toHaveLength(1)
    type Node = { 'Node Type': string; 'Relation Name'?: string; 'Actual Rows': number; 'Actual Loops': number; Plans?: Node[] }
    const nodes = (n: Node): Node[] => [n, ...(n.Plans ?? []).flatMap(nodes)]
    const plan = await index.store.tx(async (q) => {
      // As the statement runs (ReadOptions.samePlan): one plan for any days; a table this small would be read whole.
      await q.run('SET LOCAL plan_cache_mode = force_generic_plan')
      await q.run('SET LOCAL enable_seqscan = off')
      await q.run('SET LOCAL enable_bitmapscan = off')
      const [explained] = await q.all<{ 'QUERY PLAN': [{ Plan: Node }] }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${run[0]![0]}`, run[0]![1])
      return nodes(explained!['QUERY PLAN'][0].Plan)
    })
    expect(plan.map((n) => n['Node Type'])).toContain('Merge Append')
    const read = plan.filter((n) => n['Relation Name'] === 'candidate_index').reduce((sum, n) => sum + n['Actual Rows'] * n['Actual Loops'], 0)
    // The page, the rows before it and the one after, and a row a day to start the merge: not 120.
    expect(read).toBeLessThanOrEqual(5 + 5 + 1 + 5)
    await index.close()
  })

  it('once a first build is settled, its pages are read from their indexes alone (the visibility map written), and autovacuum keeps the map within 1 in 200 rows changed', async () => {
    const index = await indexStore(await ENGINES.postgres!())
    const options = await index.store.get<{ reloptions: string[] }>("SELECT reloptions FROM pg_class WHERE relname = 'candidate_index'")
    expect(options!.reloptions).toEqual(expect.arrayContaining(['autovacuum_vacuum_scale_factor=0.005', 'autovacuum_vacuum_insert_scale_factor=0.005']))
    // The server's autovacuum could write the map first; here only the build's settling may.
    await index.store.run('ALTER TABLE candidate_index SET (autovacuum_enabled = false)')
    await index.put(
      records(3000).map((r) => indexEntry(r)!),
      1,
    )
    const pages = () =>
      index.store.get<{ pages: number; visible: number }>(
        "SELECT pg_relation_size('candidate_index') / 8192 AS pages, relallvisible AS visible FROM pg_class WHERE relname = 'candidate_index'",
      )
    /** The page's walk as PostgreSQL runs it: its index, and how many entries it read from the table. */
    const walk = () =>
      index.store.tx(async (sql) => {
        // A table this small would be read whole; at a million the index is the way.
        await sql.run('SET LOCAL enable_seqscan = off')
        await sql.run('SET LOCAL enable_bitmapscan = off')
        const [plan] = await sql.all<{ 'QUERY PLAN': [{ Plan: { Plans?: { 'Node Type': string; 'Heap Fetches'?: number }[] } }] }>(
          'EXPLAIN (ANALYZE, FORMAT JSON) SELECT id FROM candidate_index WHERE vacancy_id = 2 ORDER BY last_action DESC, id DESC LIMIT 20 OFFSET 500',
        )
        return plan!['QUERY PLAN'][0].Plan.Plans![0]!
      })
    await index.store.run('ANALYZE candidate_index')
    expect(Number((await pages())!.visible)).toBe(0)
    // Unsettled, the walk reads the table: a plain index scan, or one that fetches every entry's row.
    const unsettled = await walk()
    expect(unsettled['Node Type'] !== 'Index Only Scan' || unsettled['Heap Fetches'] === 520).toBe(true)
    await index.settle()
    const settled = (await pages())!
    expect(Number(settled.visible)).toBe(Number(settled.pages))
    expect(await walk()).toMatchObject({ 'Node Type': 'Index Only Scan', 'Heap Fetches': 0 })
    await index.close()
  })
})
