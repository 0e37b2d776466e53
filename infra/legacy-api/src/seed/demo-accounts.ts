/** The fixed demo logins, documented in the README and printed by `npm start`. */
export interface DemoAccount {
  label: string
  name: string
  email: string
  role: 'admin' | 'company'
  cnpj: string
  password: string
}

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    label: 'admin',
    name: 'Administração Mini Vagas',
    email: 'admin@minivagas.com.br',
    role: 'admin',
    cnpj: '11.222.333/0001-81',
    password: 'demo-admin-2026',
  },
  {
    label: 'empresa A',
    name: 'Supermercado Bom Preço',
    email: 'rh@bompreco.com.br',
    role: 'company',
    cnpj: '45.723.618/0001-18',
    password: 'demo-empresa-a',
  },
  {
    label: 'empresa B',
    name: 'Farmácia Vida Nova',
    email: 'contato@farmaciavidanova.com.br',
    role: 'company',
    cnpj: '07.654.012/0001-89',
    password: 'demo-empresa-b',
  },
]
