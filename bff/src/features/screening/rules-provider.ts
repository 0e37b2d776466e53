import { screenCandidate } from '@mini-vagas/shared/domain/screening-rules'
import type { ScreeningProvider } from './provider.ts'

/** The deterministic provider: spec §9's rules, no network. */
export function createRulesProvider(): ScreeningProvider {
  return {
    name: 'rules',
    async screen(vacancy, candidates) {
      return new Map(candidates.map((c) => [c.id, screenCandidate(vacancy, c)]))
    },
    async testConnection() {
      return { ok: true, message: 'Triagem por regras ativa (nenhuma chave de IA configurada).' }
    },
  }
}
