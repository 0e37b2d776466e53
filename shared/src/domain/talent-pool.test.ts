import { describe, expect, it } from 'vitest'
import { checkTags, nearbyCities, normalizeTag, savedSearchName, suggestFromPool, tagKey, TALENT_POOL_MESSAGES } from './talent-pool.ts'

describe('the talent pool', () => {
  it('keeps tags trimmed, one of each whatever the accents and case, and says what is wrong in Portuguese', () => {
    expect(normalizeTag('  Turno\tda   noite \n')).toBe('Turno da noite')
    expect(tagKey('Noturno')).toBe(tagKey('NOTURNO'))
    expect(checkTags(['Inglês', 'ingles', ' CNH B '])).toEqual({ tags: ['Inglês', 'CNH B'] })
    expect(checkTags(['x'])).toEqual({ problem: TALENT_POOL_MESSAGES.tagLength })
    expect(checkTags(['a'.repeat(41)])).toEqual({ problem: TALENT_POOL_MESSAGES.tagLength })
    expect(checkTags(Array.from({ length: 21 }, (_, i) => `etiqueta ${i}`))).toEqual({ problem: TALENT_POOL_MESSAGES.tooManyTags })
    expect(savedSearchName('  Caixas em Natal ')).toBe('Caixas em Natal')
    expect(savedSearchName('   ')).toBeNull()
    expect(savedSearchName('x'.repeat(61))).toBeNull()
  })

  it('looks for people in the vacancy’s city and those within 30 km', () => {
    const around = nearbyCities('Fortaleza')
    expect(around[0]).toBe('fortaleza')
    expect(around).toContain('caucaia')
    expect(around).toContain('maracanau')
    expect(around).not.toContain('natal')
    expect(nearbyCities('Cidade Desconhecida')).toEqual(['cidade desconhecida'])
    expect(nearbyCities('')).toEqual([])
  })

  it('suggests people the screening rules put through first, nearer first, one per person, never those they leave out', () => {
    const vacancy = { description: 'Operador de caixa', city: 'Fortaleza', bairro: 'Centro' }
    const person = (id: number, more: Record<string, unknown>) => ({
      id,
      age: 30,
      address_city: 'Fortaleza',
      address_neighborhood: 'Aldeota',
      email: `p${id}@example.com`,
      whatsapp: `8599999${String(id).padStart(4, '0')}`,
      status: '',
      lastAction: id,
      ...more,
    })
    const pool = [
      person(1, {}),
      person(2, { address_neighborhood: 'Centro' }),
      person(3, { age: 70 }),
      person(4, { status: 'contratado' }),
      person(5, { address_city: 'Caucaia' }),
      // The same person as 1 (same e-mail), more recent: kept instead of 1.
      person(6, { email: 'p1@example.com' }),
      person(7, { age: null }),
    ]
    const suggested = suggestFromPool(vacancy, pool)
    expect(suggested.map((s) => [s.candidate.id, s.verdict.outcome, s.place.tier])).toEqual([
      [2, 'triado', 'same-neighbourhood'],
      [6, 'triado', 'same-city'],
      [5, 'triado', 'near'],
      [7, 'revisao', 'same-city'],
    ])
    expect(suggested[0]!.verdict.evidence.length).toBeGreaterThan(0)
  })
})
