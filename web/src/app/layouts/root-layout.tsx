import { useEffect } from 'react'
import { Link, Outlet, useLocation, useNavigate } from 'react-router'
import { setUnauthorizedHandler } from '../../lib/api-client.ts'
import { useSessionActions } from '../../features/auth/api/use-session-actions.ts'
import { NavBar } from './nav-bar.tsx'

/** Every page: skip link, the navigation bar (not on /login) and the page. */
export function RootLayout() {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const { signedOut } = useSessionActions()
  useEffect(() => {
    // Spec §4: a 401 logs the user out and sends them to /login.
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
      {pathname !== '/login' && <NavBar />}
      <Outlet />
      <footer className="site-footer">
        <Link to="/meus-dados">Meus dados (LGPD)</Link>
      </footer>
    </>
  )
}
