import { describe, expect, it } from 'vitest'
import { contactKeys, DEFAULT_TEMPLATES, fillTemplate, MESSAGE_PURPOSES, recordValues, renderMessage, unknownVariables, whatsappLink } from './messages.ts'

describe('messages from templates', () => {
  it('has a template for every purpose, using only known variables', () => {
    for (const { value } of MESSAGE_PURPOSES) {
      const t = DEFAULT_TEMPLATES[value]
      expect(unknownVariables(t.subject + t.body)).toEqual([])
      expect(t.body.length).toBeGreaterThan(5)
    }
  })

  it('fills variables from the record and the sender, leaving unknown ones as written', () => {
    const values = {
      ...recordValues({ full_name: 'Maria Aparecida Lima', job_posting: { description: 'Açougueiro', company_name: 'Bom Preço', city: 'Natal' } }),
      data: '28/11/2026',
    }
    expect(values).toMatchObject({ nome: 'Maria', nome_completo: 'Maria Aparecida Lima', vaga: 'Açougueiro', empresa: 'Bom Preço', cidade: 'Natal' })
    expect(fillTemplate('Olá, {nome}! {vaga} em {data}. {desconhecida}', values)).toBe('Olá, Maria! Açougueiro em 28/11/2026. {desconhecida}')
  })

  it('keeps the subject on one line: no header can ride in on a value or a template', () => {
    const { subject, text } = renderMessage({ subject: 'Vaga {vaga}\r\nBcc: alguem@fora.com', body: 'Oi {nome}\u0000!' }, { vaga: 'Caixa\r\nX-Injected: 1', nome: 'Ana\u202e' })
    expect(subject).toBe('Vaga Caixa X-Injected: 1 Bcc: alguem@fora.com')
    expect(subject).not.toMatch(/[\r\n]/)
    expect(text).toBe('Oi Ana!')
  })

  it('builds the click-to-chat link with Brazil’s 55 and the text encoded', () => {
    expect(whatsappLink('(84) 98888-1234', 'Olá, Maria! Tudo bem?')).toBe('https://wa.me/5584988881234?text=Ol%C3%A1%2C%20Maria!%20Tudo%20bem%3F')
    expect(whatsappLink('55 84 98888-1234', 'x')).toBe('https://wa.me/5584988881234?text=x')
    expect(whatsappLink('1234', 'x')).toBeNull()
    expect(whatsappLink('(84) 98888-1234', '')).toBe('https://wa.me/5584988881234')
  })

  it('keeps a request not to be contacted under the e-mail and the WhatsApp alike', () => {
    expect(contactKeys({ email: ' Maria@Example.com ', whatsapp: '(84) 98888-1234' })).toEqual(['email:maria@example.com', 'phone:84988881234'])
    expect(contactKeys({ email: '', whatsapp: '12' })).toEqual([])
  })
})
