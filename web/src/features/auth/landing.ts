import type { User } from '@mini-vagas/shared/schemas/user'

/** Where each role lands after login (docs/product.md, Login; Roles). */
export function landingFor(user: Pick<User, 'role'> | null): string {
  // The staff's home page (what needs attention); the month's dashboard is one click away.
  if (user?.role === 'admin') return '/inicio'
  if (user?.role === 'company') return '/vaga-empresa'
  return '/login'
}
