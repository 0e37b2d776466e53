import { Navigate, Outlet } from 'react-router'
import { useSession } from '../features/auth/api/get-session.ts'
import { landingFor } from '../features/auth/landing.ts'
import { StatusMessage } from '../components/status-message.tsx'

/** The route guards of docs/product.md, Roles; the BFF enforces the same rules on every call. */
type Rule = 'guest-only' | 'admin-only' | 'admin-or-redirect' | 'company-only' | 'signed-in' | 'agency-admin' | 'person'

/**
 * `person` is the role of a person of the agency's team signed in with their own account
 * (absent for the legacy's own logins): 'agency-admin' screens (the team) are for its admins and
 * the agency's shared login, 'person' screens (my account) for anyone with an account.
 */
export function decide(rule: Rule, role: 'admin' | 'company' | null, person?: 'admin' | 'recruiter'): 'pass' | string {
  switch (rule) {
    case 'agency-admin':
      return role === 'admin' && person !== 'recruiter' ? 'pass' : landingFor(role ? { role } : null)
    case 'person':
      return person ? 'pass' : landingFor(role ? { role } : null)
    case 'guest-only':
      return role === null ? 'pass' : landingFor({ role })
    case 'admin-only':
      return role === 'admin' ? 'pass' : '/login'
    case 'admin-or-redirect':
      return role === 'admin' ? 'pass' : role === 'company' ? '/vaga-empresa' : '/login'
    case 'company-only':
      return role === 'company' ? 'pass' : '/login'
    case 'signed-in':
      return role === null ? '/login' : 'pass'
  }
}

export function Guard({ rule }: { rule: Rule }) {
  const { user, isLoading } = useSession()
  if (isLoading) return <StatusMessage kind="loading" title="Carregando..." />
  const outcome = decide(rule, user?.role ?? null, user?.person?.role)
  return outcome === 'pass' ? <Outlet /> : <Navigate to={outcome} replace />
}
