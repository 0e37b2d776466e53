import { describe, expect, it } from 'vitest'
import { parseWhatsAppTemplates, templateParameters } from './whatsapp-templates.ts'

describe('WHATSAPP_TEMPLATES', () => {
  it('reads each purpose with its template and the variables in order', () => {
    const { templates, problems } = parseWhatsAppTemplates(' lembrete = mv_lembrete(nome, vaga,data,hora,local) ; retorno_negativo=mv_retorno(nome,vaga);livre=mv_oi ')
    expect(problems).toEqual([])
    expect(templates).toEqual({
      lembrete: { name: 'mv_lembrete', variables: ['nome', 'vaga', 'data', 'hora', 'local'] },
      retorno_negativo: { name: 'mv_retorno', variables: ['nome', 'vaga'] },
      livre: { name: 'mv_oi', variables: [] },
    })
  })
  it('says what is wrong in each entry and keeps the good ones', () => {
    const { templates, problems } = parseWhatsAppTemplates(
      'lembrete=mv_lembrete(nome,endereco);convite=mv_c(nome);retorno_positivo=Mv Boas(nome);pedido_documentos=mv_docs(nome,link)',
    )
    expect(Object.keys(templates)).toEqual(['pedido_documentos'])
    expect(problems).toEqual([
      'WHATSAPP_TEMPLATES: unknown variable "endereco" in lembrete',
      'WHATSAPP_TEMPLATES: unknown purpose "convite"',
      'WHATSAPP_TEMPLATES: "retorno_positivo=Mv Boas(nome)" is not purpose=template_name(variable,…)',
    ])
  })
  it('is empty when unset', () => {
    expect(parseWhatsAppTemplates('')).toEqual({ templates: {}, problems: [] })
  })
})

describe('a template’s parameters', () => {
  it('fills them in order, each one line as Meta accepts, and never empty', () => {
    const template = { name: 'mv_lembrete', variables: ['nome', 'local', 'link'] as const }
    expect(templateParameters({ ...template, variables: [...template.variables] }, { nome: 'Ana', local: 'Rua A, 10\nSala 2\t(fundos)      x' })).toEqual([
      'Ana',
      'Rua A, 10 Sala 2 (fundos)   x',
      '-',
    ])
  })
})
