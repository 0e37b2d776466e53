import { Link, NavLink, useNavigate } from 'react-router'
import { useSession } from '../../features/auth/api/get-session.ts'
import { useSessionActions } from '../../features/auth/api/use-session-actions.ts'

const ADMIN_LINKS = [
  { to: '/painel_de_controle_mini_vagas', label: 'Painel' },
  { to: '/administracao_de_vagas', label: 'Administração' },
  { to: '/vagas', label: 'Vagas' },
  { to: '/nova_vaga', label: 'Nova Vaga' },
  { to: '/todos-candidatos', label: 'Candidatos' },
  { to: '/cadastrar-usuario', label: 'Cadastrar Usuário' },
  { to: '/pedidos-lgpd', label: 'Pedidos LGPD' },
]
const COMPANY_LINKS = [{ to: '/vaga-empresa', label: 'Minhas Vagas' }]

/** Spec §2.3: only when signed in; links by role; the user's name and e-mail; 'Sair'. */
export function NavBar() {
  const { user } = useSession()
  const navigate = useNavigate()
  const { logout } = useSessionActions()
  if (!user) return null
  const links = user.role === 'admin' ? ADMIN_LINKS : COMPANY_LINKS
  return (
    <header className="navbar">
      <Link to="/" className="brand">
        Mini Vagas
      </Link>
      <nav aria-label="Principal">
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to}>{link.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="user-box">
        <span className="user-name">{user.name || 'Usuário'}</span>
        <span className="user-email">{user.email}</span>
        <button
          type="button"
          className="button button-small"
          onClick={async () => {
            await logout()
            navigate('/login', { replace: true })
          }}
        >
          Sair
        </button>
      </div>
    </header>
  )
}
