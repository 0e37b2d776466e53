import { createBrowserRouter, type RouteObject } from 'react-router'

type Router = ReturnType<typeof createBrowserRouter>
import { NotFound } from '../components/not-found.tsx'
import { Guard } from './guards.tsx'
import { RootLayout } from './layouts/root-layout.tsx'

const publicVacancies = () => import('../features/vacancies/routes/public-vacancies.tsx')
const apply = () => import('../features/applications/routes/apply.tsx')
const login = () => import('../features/auth/routes/login.tsx')
const vacanciesAdmin = () => import('../features/staff-vacancies/routes/vacancies-admin.tsx')
const vacancyForm = () => import('../features/staff-vacancies/routes/vacancy-form.tsx')
const vacancyCandidates = () => import('../features/candidates/routes/vacancy-candidates.tsx')
const editCandidate = () => import('../features/candidates/routes/edit-candidate.tsx')
const allCandidates = () => import('../features/candidates/routes/all-candidates.tsx')
const vacancyCandidatesSimple = () => import('../features/candidates/routes/vacancy-candidates-simple.tsx')
const dashboard = () => import('../features/dashboard/routes/dashboard.tsx')
const home = () => import('../features/home/routes/home.tsx')
const excel = () => import('../features/reports/routes/excel.tsx')
const recruitingReport = () => import('../features/reports/routes/recruiting.tsx')
const screening = () => import('../features/screening/routes/triagem-ai.tsx')
const registerUser = () => import('../features/users/routes/register-user.tsx')
const companyVacancies = () => import('../features/company/routes/company-vacancies.tsx')
const companyVacancyForm = () => import('../features/company/routes/company-vacancy-form.tsx')
const companyCandidates = () => import('../features/candidates/routes/company-candidates.tsx')
const myData = () => import('../features/privacy/routes/meus-dados.tsx')
const myApplications = () => import('../features/privacy/routes/minhas-candidaturas.tsx')
const messageTemplates = () => import('../features/messages/routes/modelos.tsx')
const unsubscribe = () => import('../features/messages/routes/descadastro.tsx')
const interview = () => import('../features/interviews/routes/entrevista.tsx')
const privacyRequests = () => import('../features/privacy/routes/pedidos-lgpd.tsx')
const team = () => import('../features/team/routes/team.tsx')
const myAccount = () => import('../features/team/routes/my-account.tsx')
const setPassword = () => import('../features/team/routes/set-password.tsx')

/** The route table of docs/product.md, Screens, each behind its guard of docs/product.md, Roles. Screens load lazily. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    // Shown while the first screen's code loads (lazy routes); without it React Router warns in the console.
    hydrateFallbackElement: <main id="main" className="page" aria-busy="true" />,
    children: [
      { index: true, lazy: publicVacancies },
      { path: 'vagas', lazy: publicVacancies },
      { path: 'vagas/:slug', lazy: apply },
      { path: 'candidato/:id', lazy: apply },
      { path: 'meus-dados', lazy: myData },
      { path: 'minhas-candidaturas', lazy: myApplications },
      { path: 'descadastro', lazy: unsubscribe },
      { path: 'entrevista', lazy: interview },
      { path: 'conta/senha', lazy: setPassword },
      {
        element: <Guard rule="agency-admin" />,
        children: [
          { path: 'equipe', lazy: team },
          { path: 'mensagens', lazy: messageTemplates },
        ],
      },
      { element: <Guard rule="person" />, children: [{ path: 'minha-conta', lazy: myAccount }] },
      { element: <Guard rule="guest-only" />, children: [{ path: 'login', lazy: login }] },
      {
        element: <Guard rule="admin-only" />,
        children: [{ path: 'nova_vaga', lazy: vacancyForm }],
      },
      { element: <Guard rule="agency-admin" />, children: [{ path: 'cadastrar-usuario', lazy: registerUser }] },
      {
        element: <Guard rule="admin-or-redirect" />,
        children: [
          { path: 'inicio', lazy: home },
          { path: 'painel_de_controle_mini_vagas', lazy: dashboard },
          { path: 'administracao_de_vagas', lazy: vacanciesAdmin },
          { path: 'processos_seletivos/:id/edit', lazy: vacancyForm },
          { path: 'excel', lazy: excel },
          { path: 'vagas/:slug/candidatos', lazy: vacancyCandidatesSimple },
          { path: 'vagas/:slug/lista-candidatos', lazy: vacancyCandidates },
          { path: 'todos-candidatos', lazy: allCandidates },
          { path: 'candidatos/:id/edit', lazy: editCandidate },
          { path: 'triagem-ai', lazy: screening },
          { path: 'pedidos-lgpd', lazy: privacyRequests },
        ],
      },
      { element: <Guard rule="signed-in" />, children: [{ path: 'relatorios', lazy: recruitingReport }] },
      {
        element: <Guard rule="company-only" />,
        children: [
          { path: 'vaga-empresa', lazy: companyVacancies },
          { path: 'nova-vaga-empresa', lazy: companyVacancyForm },
          { path: 'candidatos-empresa/:slug', lazy: companyCandidates },
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)

/** Resolves once the router has loaded what its first screen needs (its lazy route modules). */
export function initialized(router: Router): Promise<void> {
  if (router.state.initialized) return Promise.resolve()
  return new Promise((resolve) => {
    const stop = router.subscribe((state) => {
      if (!state.initialized) return
      stop()
      resolve()
    })
  })
}
