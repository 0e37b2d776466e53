import { describe, expect, it } from 'vitest'
import { indexEntry } from '@mini-vagas/shared/domain/candidate-index'
import { candidateListView } from '@mini-vagas/shared/domain/candidate-list'
import { CANDIDATE_ORDERS } from '@mini-vagas/shared/constants/candidate-orders'
import { bothStoreEngines } from '../testing-store.ts'
import { CANDIDATE_INDEX_MIGRATIONS, createCandidateIndexStore, type CandidateIndexStore, type IndexQuery } from './store.ts'

const { places: ENGINES, open } = bothStoreEngines()

/** A page as a list asks it: the counts of its selection, then its rows. */
const pageOf = async (index: CandidateIndexStore, query: IndexQuery) => index.page(query, await index.counts(query))

async function indexStore(place: string) {
  const store = await open(place)
  await store.migrate('candidate-index', CANDIDATE_INDEX_MIGRATIONS)
  return Object.assign(createCandidateIndexStore(store), { close: () => store.close() })
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
  }))
}

describe.each(Object.entries(ENGINES))('candidate index store on %s', (_engine, place) => {
  it('answers every order, status and search as the list rules do over the same rows', async () => {
    const index = await indexStore(await place())
    const rows = records(300)
    await index.put(
      rows.map((r) => indexEntry(r)!),
      1,
    )
    const ofVacancy = rows.filter((r) => r.job_posting_id === 2) as never[]
    const view = candidateListView(ofVacancy)
    for (const order of CANDIDATE_ORDERS)
      for (const status of [undefined, '', 'triado', 'Aprovado'])
        for (const q of ['', 'jose', 'CONCEIÇÃO', 'p1', '8888', 'zzz']) {
          const expected = view.select({ q, status, order })
          const page = await pageOf(index, { vacancyId: 2, q, status, order, page: 1, pageSize: 1000 })
          const label = `${order} ${String(status)} ${q}`
          // Names fold the same both ways; ties fall back to the id, as sortCandidates does.
          expect(
            page.items.map((r) => r.id),
            label,
          ).toEqual(expected.rows.map((r: { id: number }) => r.id))
          expect(page.counts, label).toEqual(expected.counts)
        }
    await index.close()
  })

  it('pages, counts the whole selection and clamps a page past the end', async () => {
    const index = await indexStore(await place())
    await index.put(
      records(95).map((r) => indexEntry(r)!),
      1,
    )
    const first = await pageOf(index, { page: 1, pageSize: 20 })
    expect(first).toMatchObject({ total: 95, page: 1, pageCount: 5, pageSize: 20 })
    expect(first.items).toHaveLength(20)
    const last = await pageOf(index, { page: 99, pageSize: 20 })
    expect(last).toMatchObject({ page: 5 })
    expect(last.items).toHaveLength(15)
    // Days alone select (what the legacy's search cannot do), company matches only when asked.
    const days = await pageOf(index, { days: { start: '2026-01-02', end: '2026-01-02' }, page: 1, pageSize: 50 })
    expect(days.total).toBe(24)
    expect((await pageOf(index, { q: 'bom preco', page: 1, pageSize: 20 })).total).toBe(0)
    expect((await pageOf(index, { q: 'bom preco', withCompany: true, page: 1, pageSize: 20 })).total).toBe(47)
    // A search's own wildcards are taken literally.
    expect((await pageOf(index, { q: '%', page: 1, pageSize: 20 })).total).toBe(0)
    expect((await pageOf(index, { q: 'p1_', page: 1, pageSize: 20 })).total).toBe(0)
    await index.close()
  })

  it('finds possible duplicates across the whole index, not only the page', async () => {
    const index = await indexStore(await place())
    await index.put(
      records(100).map((r) => indexEntry(r)!),
      1,
    )
    // Record 18 (index 17) shares the e-mail of record 1; record 47 (index 46) the WhatsApp of record 24.
    expect(await index.duplicatesAmong([18, 47, 2])).toEqual([18, 47])
    expect(await index.duplicatesAmong([])).toEqual([])
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
    await index.replaceWindow({ start: '2026-01-01', end: '2026-01-01' }, read, 200)
    const day = await pageOf(index, { days: { start: '2026-01-01', end: '2026-01-01' }, page: 1, pageSize: 50 })
    // Record 5 is gone from the legacy; record 1 keeps the status heard after the read began.
    expect(day.items.map((r) => r.id)).not.toContain(5)
    expect(day.counts).toEqual({ all: 11, triado: 10, contratado: 1 })
    // The search follows: the gone record is not found, and the kept one is.
    expect((await pageOf(index, { q: 'p4@example', page: 1, pageSize: 5 })).total).toBe(0)
    expect((await pageOf(index, { q: 'jose alvares 0', page: 1, pageSize: 5 })).items[0]).toMatchObject({ id: 1, status: 'contratado' })
    expect(await index.windows()).toEqual([{ start: '2026-01-01', end: '2026-01-01', total: 11, readAt: 200 }])
    await index.close()
  })

  it('plans windows unread, replaces a split one by its halves, and marks one stale when a write was not answered with its record', async () => {
    const index = await indexStore(await place())
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
    expect(await index.version()).toBeGreaterThan(before)
    await index.close()
  })
})
