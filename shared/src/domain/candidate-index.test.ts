import { describe, expect, it } from 'vitest'
import { containsPattern, halves, indexEntry, indexSearch, monthWindows, sortKey } from './candidate-index.ts'

describe('the candidate index entry', () => {
  const record = {
    id: 42,
    full_name: 'José  Álvares',
    email: ' Jose@Example.com ',
    whatsapp: '+55 (85) 99876-5432',
    address_city: 'Maracanaú',
    address_state: 'CE',
    status: 'Pendente',
    job_posting_id: 7,
    company_name: 'Bom Preço',
    created_at: '2026-03-01T02:00:00.000000Z',
    updated_at: '2026-03-04T12:00:00.000000Z',
  }

  it('keeps what lists filter, search and order by, folded as the list rules fold it', () => {
    expect(indexEntry(record)).toMatchObject({
      id: 42,
      vacancyId: 7,
      status: '',
      // 02:00 UTC is still the day before in Fortaleza.
      createdDay: '2026-02-28',
      lastAction: Date.parse('2026-03-04T12:00:00Z'),
      nameKey: 'jose alvares',
      cityKey: 'maracanau',
      stateKey: 'ce',
      search: 'jose alvares\njose@example.com\n+55 (85) 99876-5432',
      company: 'bom preco',
      phoneDigits: '5585998765432',
      emailKey: 'jose@example.com',
      phoneKey: '85998765432',
      record,
    })
  })

  it('has no entry for a record without a usable id, and empty keys for what a record lacks', () => {
    expect(indexEntry({ full_name: 'x' })).toBeNull()
    expect(indexEntry({ id: 'abc' })).toBeNull()
    expect(indexEntry({ id: 3, whatsapp: '123' })).toMatchObject({ vacancyId: null, createdDay: '', lastAction: 0, phoneKey: '', emailKey: '', company: '' })
  })

  it('takes the company from the nested vacancy when the record has none of its own', () => {
    expect(indexEntry({ id: 1, job_posting: { company_name: 'Açaí & Cia' } })?.company).toBe('acai & cia')
  })
})

describe('a sort key', () => {
  it('orders byte by byte as the lists order names: accents and case aside, numbers by value', () => {
    const names = ['Ana 10', 'ana 9', 'Ângela', 'Ana 009 b', 'bruno', 'Álvaro']
    const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true })
    const byKey = [...names].sort((a, b) => (sortKey(a) < sortKey(b) ? -1 : sortKey(a) > sortKey(b) ? 1 : 0))
    expect(byKey).toEqual([...names].sort(collator.compare))
  })
})

describe('an index search', () => {
  it('folds the text and keeps 4+ digits for the WhatsApp', () => {
    expect(indexSearch('  JOSÉ ')).toEqual({ text: 'jose', digits: '' })
    expect(indexSearch('(85) 9987')).toEqual({ text: '(85) 9987', digits: '859987' })
    expect(indexSearch('')).toBeNull()
    expect(indexSearch(undefined)).toBeNull()
  })

  it('takes % _ and \\ literally in a LIKE pattern', () => {
    expect(containsPattern('a_b%c\\d')).toBe('%a\\_b\\%c\\\\d%')
  })
})

describe('the windows the index is read in', () => {
  it('are calendar months, the first and last cut to the days asked', () => {
    expect(monthWindows('2025-11-15', '2026-02-03')).toEqual([
      { start: '2025-11-15', end: '2025-11-30' },
      { start: '2025-12-01', end: '2025-12-31' },
      { start: '2026-01-01', end: '2026-01-31' },
      { start: '2026-02-01', end: '2026-02-03' },
    ])
    expect(monthWindows('2026-02-03', '2026-02-03')).toEqual([{ start: '2026-02-03', end: '2026-02-03' }])
  })

  it('split in two halves down to a single day', () => {
    expect(halves({ start: '2026-01-01', end: '2026-01-31' })).toEqual([
      { start: '2026-01-01', end: '2026-01-15' },
      { start: '2026-01-16', end: '2026-01-31' },
    ])
    expect(halves({ start: '2026-01-01', end: '2026-01-02' })).toEqual([
      { start: '2026-01-01', end: '2026-01-01' },
      { start: '2026-01-02', end: '2026-01-02' },
    ])
    expect(halves({ start: '2026-01-01', end: '2026-01-01' })).toBeNull()
  })
})
