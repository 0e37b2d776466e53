import { describe, expect, it } from 'vitest'
import { possibleDuplicates } from './candidate-identity.ts'
import {
  CANDIDATE_ORDERS,
  candidateListView,
  movedCount,
  countByStatus,
  matchesSearch,
  matchesStatus,
  pageButtons,
  phoneDigitsOf,
  paginate,
  sortCandidates,
} from './candidate-list.ts'

const c = (id: number, extra: Record<string, unknown> = {}) => ({ id, full_name: `Pessoa ${id}`, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', ...extra })

describe('matchesSearch', () => {
  const maria = c(1, { full_name: 'Maria José Araújo', email: 'maria@exemplo.com', whatsapp: '(85) 98877-6655', company_name: 'Padaria São João' })
  it('matches name, e-mail and WhatsApp, ignoring accents and case', () => {
    expect(matchesSearch(maria, 'JOSE ARAUJO')).toBe(true)
    expect(matchesSearch(maria, 'exemplo.com')).toBe(true)
    expect(matchesSearch(maria, '98877')).toBe(true)
    expect(matchesSearch(maria, '85988776655')).toBe(true)
    expect(matchesSearch(maria, '  ')).toBe(true)
    expect(matchesSearch(maria, 'joão')).toBe(false)
  })
  it('looks for a phone number’s digits in the WhatsApp however it was typed, never the digits of an e-mail or a name', () => {
    expect(matchesSearch(maria, '(85) 98877-6655')).toBe(true)
    expect(matchesSearch(maria, '8877 6655')).toBe(true)
    expect(matchesSearch(maria, 'joao8877@')).toBe(false)
    expect(phoneDigitsOf('ana.souza1985')).toBe('')
    expect(phoneDigitsOf('+55 (85) 9 8877')).toBe('5585988' + '77')
    expect(phoneDigitsOf('123')).toBe('')
  })
  it('matches the company only for the all-candidates list', () => {
    expect(matchesSearch(maria, 'sao joao')).toBe(false)
    expect(matchesSearch(maria, 'sao joao', true)).toBe(true)
  })
})

describe('status counts and filter', () => {
  const list = [c(1, { status: 'triado' }), c(2, { status: null }), c(3, { status: 'pendente' }), c(4, { status: '' }), c(5, { status: 'Triado ' })]
  it('count by normalised status with the total', () => {
    expect(countByStatus(list)).toEqual({ all: 5, triado: 2, '': 3 })
  })
  it("filter '' as Sem Status and 'all' as everyone", () => {
    expect(list.filter((x) => matchesStatus(x, '')).map((x) => x.id)).toEqual([2, 3, 4])
    expect(list.filter((x) => matchesStatus(x, 'all'))).toHaveLength(5)
    expect(list.filter((x) => matchesStatus(x, 'triado')).map((x) => x.id)).toEqual([1, 5])
  })
})

describe('sortCandidates', () => {
  it('orders by last action, newest first, by default', () => {
    const list = [c(1, { updated_at: '2026-03-01T00:00:00Z' }), c(2, { created_at: '2026-04-01T00:00:00Z', updated_at: null }), c(3)]
    expect(sortCandidates(list).map((x) => x.id)).toEqual([2, 1, 3])
  })
  it('orders by name, city or state in pt-BR, either way', () => {
    const list = [
      c(1, { full_name: 'Érica', address_city: 'Natal', address_state: 'RN' }),
      c(2, { full_name: 'Ana', address_city: 'Fortaleza', address_state: 'CE' }),
      c(3, { full_name: 'bruno', address_city: 'Caucaia', address_state: 'CE' }),
    ]
    expect(sortCandidates(list, 'name_asc').map((x) => x.id)).toEqual([2, 3, 1])
    expect(sortCandidates(list, 'name_desc').map((x) => x.id)).toEqual([1, 3, 2])
    expect(sortCandidates(list, 'city_asc').map((x) => x.id)).toEqual([3, 2, 1])
    expect(sortCandidates(list, 'state_desc').map((x) => x.id)).toEqual([1, 3, 2])
  })
  it('reads a descending order as the ascending one backwards, ties included', () => {
    const list = [c(4, { address_state: 'CE' }), c(1, { address_state: 'RN' }), c(2, { address_state: 'CE' }), c(3, { address_state: 'ce' })]
    expect(sortCandidates(list, 'state_asc').map((x) => x.id)).toEqual([2, 3, 4, 1])
    expect(sortCandidates(list, 'state_desc').map((x) => x.id)).toEqual([1, 4, 3, 2])
  })
})

describe('paginate and pageButtons', () => {
  it('pages 20 at a time and clamps the page', () => {
    const items = Array.from({ length: 45 }, (_, i) => i)
    expect(paginate(items, 1)).toMatchObject({ page: 1, pageCount: 3, total: 45, items: items.slice(0, 20) })
    expect(paginate(items, 3).items).toEqual([40, 41, 42, 43, 44])
    expect(paginate(items, 99).page).toBe(3)
    expect(paginate(items, 0).page).toBe(1)
    expect(paginate([], 1)).toMatchObject({ page: 1, pageCount: 1, total: 0, items: [] })
  })
  it('shows first, last and two either side, with gaps', () => {
    expect(pageButtons(1, 1)).toEqual([1])
    expect(pageButtons(1, 10)).toEqual([1, 2, 3, null, 10])
    expect(pageButtons(5, 10)).toEqual([1, null, 3, 4, 5, 6, 7, null, 10])
    expect(pageButtons(4, 10)).toEqual([1, 2, 3, 4, 5, 6, null, 10])
    expect(pageButtons(10, 10)).toEqual([1, null, 8, 9, 10])
  })
})

describe('movedCount (a status change updates the counts without a read)', () => {
  it('moves one candidate between status keys, folding synonyms and keeping the total', () => {
    expect(movedCount({ all: 3, triado: 2, '': 1 }, 'triado', 'aprovado')).toEqual({ all: 3, triado: 1, '': 1, aprovado: 1 })
    expect(movedCount({ all: 1, '': 1 }, null, 'triado')).toEqual({ all: 1, '': 0, triado: 1 })
    expect(movedCount({ all: 1, triado: 1 }, 'triado', 'triado')).toEqual({ all: 1, triado: 1 })
    expect(movedCount({ all: 1 }, 'revisao', 'triado')).toEqual({ all: 1, triado: 1 })
  })
})

describe('candidateListView (a list read once, asked on every click)', () => {
  // A deterministic mix: accents, shared contacts, every status form, missing and equal dates.
  const names = ['Maria José', 'maria jose', 'João Araújo', 'Érica Lima', 'Ana', 'bruno', 'Zé', 'Álvaro']
  const statuses = ['triado', 'Triado ', null, '', 'pendente', 'contratado', 'entrevista']
  const list = Array.from({ length: 120 }, (_, i) =>
    c(i + 1, {
      full_name: names[i % names.length],
      email: i % 11 === 0 ? 'Repetido@exemplo.com ' : `p${i}@exemplo.com`,
      whatsapp: i % 13 === 0 ? '55 (85) 98877-6655' : i % 7 === 0 ? null : `(85) 9${String(1000_0000 + i * 7919).slice(0, 8)}`,
      address_city: ['Natal', 'Fortaleza', 'Caucaia', null][i % 4],
      address_state: ['RN', 'CE', null][i % 3],
      status: statuses[i % statuses.length],
      created_at: i % 9 === 0 ? null : `2026-0${(i % 9) + 1}-01T00:00:00Z`,
      updated_at: i % 5 === 0 ? '2026-05-01T00:00:00Z' : null,
    }),
  )
  const view = candidateListView(list)

  it('answers what filtering, counting and sorting every row answers, for every order, status and search', () => {
    for (const order of CANDIDATE_ORDERS)
      for (const status of [undefined, 'all', '', 'triado', 'contratado', 'desconhecido'])
        for (const q of ['', 'maria jose', 'ARAUJO', 'exemplo.com', '98877', '85988776655', 'zz', '12']) {
          const searched = list.filter((x) => matchesSearch(x, q))
          const expected = sortCandidates(
            searched.filter((x) => matchesStatus(x, status)),
            order,
          )
          const answer = view.select({ q, status, order })
          expect(answer.rows.map((x) => x.id)).toEqual(expected.map((x) => x.id))
          expect(answer.counts).toEqual(countByStatus(searched))
        }
  })
  it('marks the same possible duplicates, once', () => {
    expect(view.duplicates()).toEqual(possibleDuplicates(list))
    expect(view.duplicates()).toBe(view.duplicates())
  })
})
