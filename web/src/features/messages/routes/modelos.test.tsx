import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { DEFAULT_TEMPLATES, MESSAGE_PURPOSES } from '@mini-vagas/shared/domain/messages'
import { ADMIN, mockBff, renderRoute } from '../../../testing/render.tsx'

describe('Modelos de mensagem', () => {
  it('says which messages go through WhatsApp Business by the template Meta approved, not by these words', async () => {
    mockBff({
      'GET /bff/auth/session': () => ({ status: 200, body: { user: ADMIN } }),
      'GET /bff/messages/templates': () => ({
        status: 200,
        body: {
          templates: MESSAGE_PURPOSES.map((p) => ({ ...DEFAULT_TEMPLATES[p.value], standard: true, updatedBy: null, updatedAt: null })),
          mailConfigured: true,
          whatsappApi: true,
          whatsappTemplates: ['lembrete'],
        },
      }),
    })
    renderRoute('/mensagens')
    const hint = /vai o modelo aprovado pela Meta para esta mensagem/
    const reminder = await screen.findByRole('form', { name: 'Lembrete' })
    expect(within(reminder).getByText(hint)).toBeTruthy()
    expect(within(screen.getByRole('form', { name: 'Retorno negativo' })).queryByText(hint)).toBeNull()
  })
})
