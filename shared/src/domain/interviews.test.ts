import { describe, expect, it } from 'vitest'
import { interviewValues, reminderStateText } from './interviews.ts'

describe('a confirmed interview as a template’s variables', () => {
  it('gives the date and time in Fortaleza, where, and the link', () => {
    const values = interviewValues(
      { name: ' Maria  das Dores ', vacancy: 'Padeiro', company: 'Padaria Sol', mode: 'presencial', place: 'Rua A, 10', startsAt: Date.parse('2026-12-03T17:30:00Z') },
      'https://vagas.example/entrevista#x',
    )
    expect(values).toEqual({
      nome: 'Maria',
      nome_completo: 'Maria  das Dores',
      vaga: 'Padeiro',
      empresa: 'Padaria Sol',
      data: 'quinta-feira, 03/12/2026',
      hora: '14:30',
      local: 'Presencial: Rua A, 10',
      link: 'https://vagas.example/entrevista#x',
    })
  })
})

describe('a reminder’s fate, as the staff read it', () => {
  it('says how it goes or went, and when nothing can send it', () => {
    expect(reminderStateText({ kind: 'vespera', state: 'sent', via: 'whatsapp' })).toBe('Véspera: enviado por WhatsApp')
    expect(reminderStateText({ kind: 'uma_hora', state: 'pending', via: 'email' })).toBe('1 hora antes: agendado (e-mail)')
    expect(reminderStateText({ kind: 'uma_hora', state: 'pending', via: null })).toBe('1 hora antes: sem como enviar (sem e-mail e sem modelo de WhatsApp): avise a pessoa')
    expect(reminderStateText({ kind: 'vespera', state: 'sending', via: 'email' })).toBe('Véspera: saiu por e-mail, sem confirmação do servidor')
    expect(reminderStateText({ kind: 'vespera', state: 'failed', via: 'whatsapp' })).toBe('Véspera: recusado pelo WhatsApp')
    expect(reminderStateText({ kind: 'vespera', state: 'skipped', via: null })).toBe('Véspera: não enviado')
  })
  it('follows what Meta said of one sent through WhatsApp, and says when to tell the person another way', () => {
    expect(reminderStateText({ kind: 'vespera', state: 'sent', via: 'whatsapp', delivery: 'delivered' })).toBe('Véspera: entregue por WhatsApp')
    expect(reminderStateText({ kind: 'vespera', state: 'sent', via: 'whatsapp', delivery: 'read' })).toBe('Véspera: lido no WhatsApp')
    expect(reminderStateText({ kind: 'uma_hora', state: 'sent', via: 'whatsapp', delivery: 'failed' })).toBe(
      '1 hora antes: não entregue pelo WhatsApp (a Meta avisou): avise a pessoa',
    )
    expect(reminderStateText({ kind: 'uma_hora', state: 'sent', via: 'whatsapp', delivery: null })).toBe('1 hora antes: enviado por WhatsApp')
  })
})
