import { describe, expect, it } from 'vitest'
import { ESTADOS } from '../constants/estados.ts'
import { estadoName, toEstado, toUf } from './estados.ts'

describe('estados', () => {
  it('list the 27 units with unique keys and UF codes', () => {
    expect(ESTADOS).toHaveLength(27)
    expect(new Set(ESTADOS.map((e) => e.estado)).size).toBe(27)
    expect(new Set(ESTADOS.map((e) => e.uf)).size).toBe(27)
  })
  it('map both ways between estado keys and UF codes', () => {
    for (const e of ESTADOS) {
      expect(toUf(e.estado)).toBe(e.uf)
      expect(toEstado(e.uf)).toBe(e.estado)
    }
  })
  it('read every spelling found in data', () => {
    expect(toEstado('ce')).toBe('ceara')
    expect(toEstado('Ceará')).toBe('ceara')
    expect(toEstado('Rio Grande do Norte')).toBe('rio_grande_do_norte')
    expect(toEstado(' rio_grande_do_norte ')).toBe('rio_grande_do_norte')
    expect(toUf('São Paulo')).toBe('SP')
  })
  it('give null for unknown values and show them as stored', () => {
    expect(toEstado('atlantida')).toBeNull()
    expect(toUf('')).toBeNull()
    expect(toUf(null)).toBeNull()
    expect(estadoName('atlantida')).toBe('atlantida')
    expect(estadoName('RN')).toBe('Rio Grande do Norte')
    expect(estadoName(null)).toBe('')
  })
})
