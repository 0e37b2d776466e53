import { describe, expect, it } from 'vitest'
import { phoneKey, possibleDuplicates, recordsOf, sharesContact } from './candidate-identity.ts'

describe('the same person in two records', () => {
  it('matches the same e-mail whatever the case and spaces, or the same WhatsApp whatever the format', () => {
    expect(sharesContact({ email: ' Maria@Example.com ' }, { email: 'maria@example.com' })).toBe(true)
    expect(sharesContact({ whatsapp: '(85) 98877-6655' }, { whatsapp: '85988776655' })).toBe(true)
    expect(sharesContact({ whatsapp: '+55 85 98877-6655' }, { whatsapp: '85 98877 6655' })).toBe(true)
    expect(phoneKey('5585988776655')).toBe('85988776655')
  })
  it('never matches on empty or too-short values, nor on names', () => {
    expect(sharesContact({ email: '', whatsapp: '' }, { email: '', whatsapp: '' })).toBe(false)
    expect(sharesContact({ whatsapp: '0' }, { whatsapp: '0' })).toBe(false)
    expect(sharesContact({ email: 'a@x.com', whatsapp: '85911112222' }, { email: 'b@x.com', whatsapp: '85933334444' })).toBe(false)
    expect(
      recordsOf({ email: 'a@x.com' }, [
        { email: 'A@x.com', id: 1 },
        { email: 'b@x.com', id: 2 },
      ]).map((r) => r.id),
    ).toEqual([1])
  })
  it('marks every record that shares a contact with another one of the list', () => {
    const list = [
      { id: 1, email: 'a@x.com', whatsapp: '85911110000' },
      { id: 2, email: 'A@x.com', whatsapp: '85922220000' },
      { id: 3, email: 'c@x.com', whatsapp: '(85) 92222-0000' },
      { id: 4, email: 'd@x.com', whatsapp: '85944440000' },
      { id: 5, email: '', whatsapp: '' },
      { id: 6, email: '', whatsapp: '' },
    ]
    expect([...possibleDuplicates(list)].sort()).toEqual([1, 2, 3])
  })
})
