import { describe, expect, it } from 'vitest'
import { BULK_MESSAGES } from '@mini-vagas/shared/domain/pipeline'
import { createSqliteStore } from './store.ts'
import { createWhatsAppLedger, WHATSAPP_MIGRATIONS } from './whatsapp.ts'

async function bed() {
  const store = await createSqliteStore(':memory:')
  await store.migrate('whatsapp', WHATSAPP_MIGRATIONS)
  let t = Date.parse('2026-11-27T10:00:00Z')
  return { ledger: createWhatsAppLedger(store, () => t), later: (ms: number) => (t += ms) }
}
const status = (id: string, s: 'sent' | 'delivered' | 'read' | 'failed', callbackData: string | null = null, error: string | null = null) => ({
  id,
  status: s,
  error,
  to: '5584999990001',
  callbackData,
})

describe('the record of messages sent through the Cloud API', () => {
  it("follows each message to its furthest status, finds a message it never heard of by its callback data, and ignores others'", async () => {
    const { ledger: messages } = await bed()
    await messages.sent({ wamid: 'wamid.1', candidateId: 7, phone: '84999990001', purpose: 'retorno_negativo' })
    expect(await messages.status(status('wamid.1', 'delivered'))).toEqual({ candidateId: 7, purpose: 'retorno_negativo' })
    // Meta's statuses may arrive out of order: one that would go back changes nothing.
    expect(await messages.status(status('wamid.1', 'sent'))).toBeNull()
    expect(await messages.status(status('wamid.2', 'sent', 'mv:8:retorno_negativo'))).toEqual({ candidateId: 8, purpose: 'retorno_negativo' })
    expect(await messages.status(status('wamid.3', 'read', 'alguém:9'))).toBeNull()
    expect(await messages.status(status('wamid.4', 'read'))).toBeNull()
    expect(await messages.lastCandidateAt('84999990001')).toBe(8)
  })

  it("counts a send's messages by where they stand, only the purpose's, only since it began, only its people", async () => {
    const { ledger: messages, later } = await bed()
    await messages.status(status('wamid.old', 'failed', 'mv:1:retorno_negativo', '131026 Message undeliverable'))
    later(60_000)
    const since = new Date(Date.parse('2026-11-27T10:00:30Z')).toISOString()
    await messages.status(status('wamid.1', 'read', 'mv:1:retorno_negativo'))
    await messages.status(status('wamid.2', 'delivered', 'mv:2:retorno_negativo'))
    await messages.status(status('wamid.3', 'sent', 'mv:3:retorno_negativo'))
    await messages.status(status('wamid.4', 'failed', 'mv:4:retorno_negativo', '131049 This message was not delivered to maintain healthy ecosystem engagement.'))
    await messages.status(status('wamid.5', 'failed', 'mv:5:lembrete', '131026 Message undeliverable'))
    await messages.status(status('wamid.6', 'read', 'mv:6:retorno_negativo'))
    expect(await messages.deliveries('retorno_negativo', since, new Set([1, 2, 3, 4, 5]))).toEqual({
      sent: 3,
      delivered: 2,
      read: 1,
      failed: [{ candidateId: 4, error: '131049 This message was not delivered to maintain healthy ecosystem engagement.' }],
    })
  })
})

describe('what the report says of a message Meta did not deliver', () => {
  it("says in Portuguese when the number has no WhatsApp, and quotes Meta's reason otherwise", () => {
    expect(BULK_MESSAGES.notDelivered('Ana Souza', '131026 Message undeliverable')).toBe(
      'A mensagem para Ana Souza não foi entregue pelo WhatsApp: o número não recebe mensagens do WhatsApp.',
    )
    expect(BULK_MESSAGES.notDelivered('Ana Souza', '131049 Not delivered')).toBe('A mensagem para Ana Souza não foi entregue pelo WhatsApp (Meta: 131049 Not delivered).')
    expect(BULK_MESSAGES.notDelivered('Ana Souza', null)).toBe('A mensagem para Ana Souza não foi entregue pelo WhatsApp.')
  })
})
