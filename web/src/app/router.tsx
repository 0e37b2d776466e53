import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { NotFound } from '../components/not-found.tsx'
import { UnderConstruction } from '../components/under-construction.tsx'
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
const excel = () => import('../features/reports/routes/excel.tsx')
const screening = () => import('../features/screening/routes/triagem-ai.tsx')

const soon = (path: string, title: string): RouteObject => ({ path, element: <UnderConstruction title={title} /> })

/** The route table of spec §2.1, each behind its guard of spec §6. Screens load lazily. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    children: [
      { index: true, lazy: publicVacancies },
      { path: 'vagas', lazy: publicVacancies },
      { path: 'candidato/:id', lazy: apply },
      { element: <Guard rule="guest-only" />, children: [{ path: 'login', lazy: login }] },
      {
        element: <Guard rule="admin-only" />,
        children: [{ path: 'nova_vaga', lazy: vacancyForm }, soon('cadastrar-usuario', 'Cadastrar Usuário')],
      },
      {
        element: <Guard rule="admin-or-redirect" />,
        children: [
          { path: 'painel_de_controle_mini_vagas', lazy: dashboard },
          { path: 'administracao_de_vagas', lazy: vacanciesAdmin },
          { path: 'processos_seletivos/:id/edit', lazy: vacancyForm },
          { path: 'excel', lazy: excel },
          { path: 'vagas/:slug/candidatos', lazy: vacancyCandidatesSimple },
          { path: 'vagas/:slug/lista-candidatos', lazy: vacancyCandidates },
          { path: 'todos-candidatos', lazy: allCandidates },
          { path: 'candidatos/:id/edit', lazy: editCandidate },
          { path: 'triagem-ai', lazy: screening },
        ],
      },
      {
        element: <Guard rule="company-only" />,
        children: [
          soon('vaga-empresa', 'Minhas Vagas'),
          soon('nova-vaga-empresa', 'Nova Vaga da Empresa'),
          soon('candidatos-empresa/:slug', 'Candidatos da Vaga'),
        ],
      },
      { path: '*', element: <NotFound /> },
    ],
  },
]

export const createRouter = () => createBrowserRouter(routes)
