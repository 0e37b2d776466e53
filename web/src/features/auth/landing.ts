import type { User } from '@mini-vagas/shared/schemas/user'

/** Where each role lands after login (docs/product.md, Login; Roles). */
export function landingFor(user: Pick<User, 'role'> | null): string {
  if (user?.role === 'admin') return '/painel_de_controle_mini_vagas'
  if (user?.role === 'company') return '/vaga-empresa'
  return '/login'
}
