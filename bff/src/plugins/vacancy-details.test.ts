import { describe, expect, it } from 'vitest'
import { bothStoreEngines } from '../testing-store.ts'
import { createVacancyDetailsStore } from './vacancy-details.ts'

const engines = bothStoreEngines()

describe.each(['sqlite', 'postgres'] as const)('vacancy details on %s', (engine) => {
  it('keeps, merges and attaches a vacancy’s details', async () => {
    const store = await engines.open(await engines.places[engine]())
    try {
      const details = await createVacancyDetailsStore(store)
      expect(await details.of([1])).toEqual(new Map())
      const saved = await details.save(
        1,
        { about: ' Atender clientes. ', salary_min: 1800.5, salary_max: 2200, contract: 'clt', work_model: 'presencial', hours: '44h' },
        'ana@x',
        '2026-11-27T10:00:00Z',
      )
      expect(saved).toEqual({ about: 'Atender clientes.', salary_min: 1800.5, salary_max: 2200, salary_negotiable: false, contract: 'clt', work_model: 'presencial', hours: '44h' })
      // A field not sent keeps its value; null clears one.
      expect(await details.save(1, { salary_negotiable: true, salary_max: null }, 'ana@x', '2026-11-27T11:00:00Z')).toMatchObject({
        salary_min: 1800.5,
        salary_max: null,
        salary_negotiable: true,
        contract: 'clt',
      })
      expect(await details.attach([{ id: 1 }, { id: 2 }])).toEqual([{ id: 1, details: expect.objectContaining({ hours: '44h' }) }, { id: 2 }])
    } finally {
      await store.close()
    }
  })
})
