import { describe, expect, it } from 'vitest'
import { auditCsvRow } from './audit.ts'

describe('auditCsvRow', () => {
  it('names the person by name and e-mail when the trail recorded the name, by e-mail otherwise', () => {
    const event = { at: '2026-11-27T13:00:00.000Z', actor: 'rui@agencia.com.br', action: 'nota_adicionada', subject: 'candidato:7', detail: {} }
    expect(auditCsvRow({ ...event, actorName: 'Rui Barros' }).slice(1, 3)).toEqual(['Rui Barros <rui@agencia.com.br>', 'Nota da equipe adicionada'])
    expect(auditCsvRow(event)[1]).toBe('rui@agencia.com.br')
    expect(auditCsvRow({ ...event, actor: 'titular', actorName: 'titular' })[1]).toBe('titular')
  })
})
