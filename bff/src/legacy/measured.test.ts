import { describe, expect, it } from 'vitest'
import { endpointOf } from './measured.ts'

describe('legacy call metrics', () => {
  it('labels legacy paths by endpoint, never by id', () => {
    expect(endpointOf('/candidatos/123/observacao')).toBe('/candidatos/:id/observacao')
    expect(endpointOf('/processos_seletivos/7/candidatos')).toBe('/processos_seletivos/:id/candidatos')
    expect(endpointOf('/candidatos/status/entrevista_presencial')).toBe('/candidatos/status/:status')
    expect(endpointOf('/candidatos?page=2')).toBe('/candidatos')
  })
})
