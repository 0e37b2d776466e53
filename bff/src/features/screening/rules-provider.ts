import { screenCandidate } from '@mini-vagas/shared/domain/screening-rules'
import type { ScreeningProvider } from './provider.ts'

/** The deterministic provider: the screening rules of docs/product.md, Limits; no network, nothing sent anywhere. */
export function createRulesProvider(): ScreeningProvider {
  return {
    name: 'rules',
    model: null,
    fieldsSent: [],
    async screen(vacancy, candidates, options) {
      return new Map(candidates.map((c) => [c.id, screenCandidate(vacancy, c, options)]))
    },
    async testConnection() {
      return { ok: true, message: 'Triagem por regras ativa (nenhuma chave de IA configurada).' }
    },
  }
}
