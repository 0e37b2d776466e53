import { useEffect } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { setUnauthorizedHandler } from '../../lib/api-client.ts'
import { useSessionActions } from '../../features/auth/api/use-session-actions.ts'
import { SITE_NAME, SITE_TAGLINE } from '@mini-vagas/shared/constants/site'
import { useSession } from '../../features/auth/api/get-session.ts'
import { NavBar, PublicHeader } from './nav-bar.tsx'

/** Every page: skip link, the staff navigation or the public header (neither on /login), the page, the footer. */
export function RootLayout() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { signedOut } = useSessionActions()
  const { user } = useSession()
  useEffect(() => {
    // docs/product.md, Statuses: a 401 logs the user out and sends them to /login.
    setUnauthorizedHandler(() => {
      void signedOut()
      navigate('/login', { replace: true })
    })
    return () => setUnauthorizedHandler(null)
  }, [navigate, signedOut])
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return (
    <>
      <a className="skip-link" href="#main">
        Ir para o conteúdo
      </a>
      {pathname !== '/login' && (user ? <NavBar /> : <PublicHeader />)}
      <Outlet />
      <footer className="site-footer">
        <span>
          {SITE_NAME} · {SITE_TAGLINE}
        </span>
        <Link to="/minhas-candidaturas">Minhas candidaturas</Link>
        <Link to="/meus-dados">Meus dados (LGPD)</Link>
      </footer>
    </>
  )
}
