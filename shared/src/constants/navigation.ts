/** A staff navigation entry: where it goes, and other addresses that belong to it (wayfinding). */
export interface NavEntry {
  to: string
  label: string
  also?: readonly string[]
  /** Only for the agency's administrators (a recruiter of the team does not see it). */
  agencyAdmin?: true
}

/** The staff links of docs/product.md, Navigation, in order: the home page, the spec's links, and the staff screens it left without one (Triagem, Excel). */
export const ADMIN_NAV: readonly NavEntry[] = [
  { to: '/inicio', label: 'Início' },
  { to: '/painel_de_controle_mini_vagas', label: 'Painel' },
  { to: '/administracao_de_vagas', label: 'Administração', also: ['/vagas/:slug/candidatos', '/vagas/:slug/lista-candidatos', '/processos_seletivos/:id/edit'] },
  { to: '/vagas', label: 'Vagas' },
  { to: '/nova_vaga', label: 'Nova Vaga' },
  { to: '/todos-candidatos', label: 'Candidatos', also: ['/candidatos/:id/edit'] },
  { to: '/triagem-ai', label: 'Triagem' },
  { to: '/excel', label: 'Excel' },
  { to: '/relatorios', label: 'Relatórios' },
  { to: '/cadastrar-usuario', label: 'Cadastrar Usuário', agencyAdmin: true },
  { to: '/pedidos-lgpd', label: 'Pedidos LGPD' },
  { to: '/equipe', label: 'Equipe', agencyAdmin: true },
  { to: '/mensagens', label: 'Mensagens', agencyAdmin: true },
]

/** docs/product.md, Navigation: a company sees 'Minhas Vagas', and the report of its own vacancies. */
export const COMPANY_NAV: readonly NavEntry[] = [
  { to: '/vaga-empresa', label: 'Minhas Vagas', also: ['/nova-vaga-empresa', '/candidatos-empresa/:slug'] },
  { to: '/relatorios', label: 'Relatórios' },
]
