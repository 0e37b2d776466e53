import { describe, expect, it } from 'vitest'
import { ADMIN_NAV, COMPANY_NAV } from './navigation.ts'

describe('staff navigation', () => {
  it("holds the home page, then the spec's admin links in its order, Triagem, Excel and Relatórios after Candidatos, the LGPD queue, then the team and the message templates; a company's vacancies and its report", () => {
    expect(ADMIN_NAV.map((e) => e.label)).toEqual([
      'Início',
      'Painel',
      'Administração',
      'Vagas',
      'Nova Vaga',
      'Candidatos',
      'Triagem',
      'Excel',
      'Relatórios',
      'Cadastrar Usuário',
      'Pedidos LGPD',
      'Equipe',
      'Mensagens',
    ])
    // A recruiter of the team sees neither the team, the legacy's user registration nor the templates' editor.
    expect(ADMIN_NAV.filter((e) => e.agencyAdmin).map((e) => e.label)).toEqual(['Cadastrar Usuário', 'Equipe', 'Mensagens'])
    expect(COMPANY_NAV.map((e) => e.label)).toEqual(['Minhas Vagas', 'Relatórios'])
  })
})
