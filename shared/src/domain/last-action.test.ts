import { describe, expect, it } from 'vitest'
import { lastAction, lastActionAt } from './last-action.ts'

const created = '2026-03-01T10:00:00.000000Z'
const later = '2026-03-05T12:00:00.000000Z'

describe('lastActionAt (docs/product.md, Statuses: later of created_at and updated_at)', () => {
  it('picks the later date', () => {
    expect(lastActionAt({ created_at: created, updated_at: later })).toBe(later)
    expect(lastActionAt({ created_at: later, updated_at: created })).toBe(later)
  })
  it('uses whichever exists', () => {
    expect(lastActionAt({ created_at: created })).toBe(created)
    expect(lastActionAt({ updated_at: later })).toBe(later)
    expect(lastActionAt({ created_at: 'not a date', updated_at: later })).toBe(later)
  })
  it('is null without dates', () => {
    expect(lastActionAt({})).toBeNull()
  })
})

describe('lastAction label', () => {
  it("'Inscrição' when never changed after registration", () => {
    expect(lastAction({ created_at: created, updated_at: created, status: 'triado', obs: 'x' }).label).toBe('Inscrição')
    expect(lastAction({ created_at: created, updated_at: null }).label).toBe('Inscrição')
  })
  it("'Observação adicionada' when changed and a note exists", () => {
    expect(lastAction({ created_at: created, updated_at: later, status: 'aprovado', obs: 'Ligou' })).toEqual({
      at: later,
      label: 'Observação adicionada',
    })
  })
  it("'Status: X' with the Portuguese label when changed and a status exists", () => {
    expect(lastAction({ created_at: created, updated_at: later, status: 'entrar_contato', obs: '' }).label).toBe('Status: Entrar em Contato')
    expect(lastAction({ created_at: created, updated_at: later, status: 'algo_novo' }).label).toBe('Status: algo_novo')
  })
  it("'Status removido' when changed and the status was emptied", () => {
    expect(lastAction({ created_at: created, updated_at: later, status: '', obs: null }).label).toBe('Status removido')
  })
  it("'Modificação' otherwise (null or pendente status, no note)", () => {
    expect(lastAction({ created_at: created, updated_at: later, status: null }).label).toBe('Modificação')
    expect(lastAction({ created_at: created, updated_at: later, status: 'pendente', obs: '  ' }).label).toBe('Modificação')
  })
  it("'Sem ações' without dates", () => {
    expect(lastAction({ status: 'triado' })).toEqual({ at: null, label: 'Sem ações' })
  })
})
