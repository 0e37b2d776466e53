import { useId, useState } from 'react'
import { Link, matchPath, useLocation, useNavigate } from 'react-router'
import { useSession } from '../../features/auth/api/get-session.ts'
import { useSessionActions } from '../../features/auth/api/use-session-actions.ts'
import { ADMIN_NAV, COMPANY_NAV, type NavEntry } from '@mini-vagas/shared/constants/navigation'
import { SITE_NAME } from '@mini-vagas/shared/constants/site'

const isCurrent = (entry: NavEntry, pathname: string) =>
  matchPath({ path: entry.to, end: true }, pathname) !== null || (entry.also ?? []).some((path) => matchPath(path, pathname) !== null)

/**
 * docs/product.md, Navigation: only when signed in; links by role; the user's name and e-mail; 'Sair'. On narrow
 * screens the links fold behind a 'Menu' button (a disclosure: Escape or a choice closes it).
 */
export function NavBar() {
  const { user } = useSession()
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { logout } = useSessionActions()
  const [open, setOpen] = useState(false)
  const menuId = useId()
  if (!user) return null
  const links = user.role === 'admin' ? ADMIN_NAV.filter((link) => !link.agencyAdmin || user.person?.role !== 'recruiter') : COMPANY_NAV
  return (
    <header className="navbar" data-open={open} onKeyDown={(event) => event.key === 'Escape' && setOpen(false)}>
      <Link to="/" className="brand">
        {SITE_NAME}
      </Link>
      <button type="button" className="menu-button" aria-expanded={open} aria-controls={menuId} onClick={() => setOpen((o) => !o)}>
        Menu
      </button>
      <div className="navbar-menu" id={menuId}>
        <nav aria-label="Principal">
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className={isCurrent(link, pathname) ? 'active' : undefined}
                  aria-current={isCurrent(link, pathname) ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="user-box">
          <span className="user-id">
            {user.person ? (
              <Link to="/minha-conta" className="user-name" title="Minha conta" onClick={() => setOpen(false)}>
                {user.name || 'Usuário'}
              </Link>
            ) : (
              <span className="user-name" title={user.name || undefined}>
                {user.name || 'Usuário'}
              </span>
            )}
            <span className="user-email" title={user.email}>
              {user.email}
            </span>
          </span>
          <button type="button" className="button button-small" onClick={() => logout(() => navigate('/login', { replace: true }))}>
            Sair
          </button>
        </div>
      </div>
    </header>
  )
}

/** The public side's header: the brand, the vacancy list and a way in for staff. */
export function PublicHeader() {
  return (
    <header className="public-header">
      <Link to="/" className="brand">
        {SITE_NAME}
      </Link>
      <nav aria-label="Principal">
        <Link to="/vagas">Vagas</Link>
        <Link to="/login" className="button button-small">
          Entrar
        </Link>
      </nav>
    </header>
  )
}
