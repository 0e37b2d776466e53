import { useState } from 'react'
import { Link } from 'react-router'
import useSWR from 'swr'
import { PUBLIC_VISIBILITY } from '@mini-vagas/shared/constants/vacancy'
import { calendarDaysBetween, formatDateTime } from '@mini-vagas/shared/domain/dates'
import { formatHour, INTERVIEW_STATUS_LABELS, MODE_LABELS } from '@mini-vagas/shared/domain/interviews'
import { BOARD_STAGES } from '@mini-vagas/shared/domain/pipeline'
import { isRecruiterOf } from '@mini-vagas/shared/domain/staff-home'
import { vacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import type { HomeAnswer } from '@mini-vagas/shared/schemas/home'
import type { ListedVacancy, VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import { DataTable, type Column } from '../../../components/data-table.tsx'
import { LoadStates } from '../../../components/load-states.tsx'
import { api } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import { useSession } from '../../../lib/session.ts'
import { useTodaysInterviews } from '../../../lib/interviews.ts'

type Row = ListedVacancy & { attention: HomeAnswer['vacancies'][string] | undefined; daysOpen: number | null }
const n = (value: number | undefined) => (value ?? 0).toLocaleString('pt-BR')

/**
 * docs/product.md, Home: where the agency's staff start the day — their open vacancies (all of
 * them, for admins who ask), each with its candidates per stage, the new ones since their last
 * visit, those waiting on the agency for more than a week and how long it has been open; the
 * company vacancies waiting to be published; the month's dashboard one click away.
 */
export function Component() {
  useDocumentTitle('Início')
  const { user } = useSession()
  const vacancies = useSWR('/bff/vacancies', async (key: string) => (await api<VacancyList>(key)).vacancies)
  const home = useSWR('/bff/home', (key: string) => api<HomeAnswer>(key), { revalidateOnFocus: false })
  const person = user?.person ? user.name : null
  const admin = !user?.person || user.person.role === 'admin'
  const [scope, setScope] = useState<'mine' | 'all'>(person ? 'mine' : 'all')
  // Days open counted from when the page opened.
  const [now] = useState(() => Date.now())
  const interviews = useTodaysInterviews()
  // Rows are ordered by the counts: shown before the counts answer (or fail), they would reorder
  // under the reader when the counts arrive.
  const settled = (home.data !== undefined || home.error !== undefined) && (interviews.data !== undefined || interviews.error !== undefined)
  const listed = settled ? vacancies.data : undefined
  const open = (listed ?? []).filter((v) => v.obs === PUBLIC_VISIBILITY)
  const mine = person ? open.filter((v) => isRecruiterOf(v.recrutador, person)) : open
  const shown = scope === 'mine' ? mine : open
  const rows: Row[] = shown
    .map((v) => ({ ...v, attention: home.data?.vacancies[String(v.id)], daysOpen: v.created_at ? calendarDaysBetween(v.created_at, now) : null }))
    .sort((a, b) => (b.attention?.fresh ?? 0) - (a.attention?.fresh ?? 0) || (b.attention?.waiting ?? 0) - (a.attention?.waiting ?? 0) || a.id - b.id)
  const awaiting = (listed ?? []).filter((v) => v.awaitingPublication)
  const counted = typeof home.data?.indexedAt === 'string'
  const since = home.data ? (home.data.firstVisit ? 'nos últimos 7 dias' : `desde sua última visita (${formatDateTime(home.data.since)})`) : ''
  const totals = rows.reduce((t, r) => ({ fresh: t.fresh + (r.attention?.fresh ?? 0), waiting: t.waiting + (r.attention?.waiting ?? 0) }), { fresh: 0, waiting: 0 })

  const columns: Column<Row>[] = [
    {
      key: 'vacancy',
      label: 'Vaga',
      cell: (v) => (
        <span className="cell-stack">
          <Link to={`/vagas/${vacancySlug(v)}/lista-candidatos`} className="cell-title">
            {v.description || 'Vaga'}
          </Link>
          <small>{[v.company_name, v.city].filter(Boolean).join(' · ')}</small>
        </span>
      ),
    },
    {
      key: 'fresh',
      label: 'Novos',
      early: true,
      cell: (v) => (counted ? <strong className={v.attention?.fresh ? 'count-attention' : undefined}>{n(v.attention?.fresh)}</strong> : '—'),
    },
    {
      key: 'waiting',
      label: `Esperando há mais de ${home.data?.waitingDays ?? 7} dias`,
      early: true,
      cell: (v) => (counted ? <span className={v.attention?.waiting ? 'count-warning' : undefined}>{n(v.attention?.waiting)}</span> : '—'),
    },
    ...BOARD_STAGES.map(
      (stage) =>
        ({
          key: `stage-${stage.family}`,
          label: stage.label,
          priority: 'secondary',
          cell: (v: Row) => (counted ? n(v.attention?.stages[stage.family]) : '—'),
        }) as Column<Row>,
    ),
    { key: 'total', label: 'Candidatos', cell: (v) => n(v.attention?.total ?? v.candidates_count) },
    { key: 'open', label: 'Aberta há', cell: (v) => (v.daysOpen === null ? '—' : v.daysOpen === 1 ? '1 dia' : `${n(v.daysOpen)} dias`) },
    {
      key: 'board',
      label: 'Quadro',
      early: true,
      cell: (v) => (
        <Link className="button button-small" to={`/vagas/${vacancySlug(v)}/lista-candidatos?visao=quadro`} aria-label={`Quadro de ${v.description || 'vaga'}`}>
          Quadro
        </Link>
      ),
    },
  ]

  return (
    <main id="main" className="page">
      <header className="page-header">
        <h1>Início</h1>
        <p className="subtitle">{counted ? `${n(totals.fresh)} novos ${since} · ${n(totals.waiting)} esperando há mais de ${home.data!.waitingDays} dias` : '\u00a0'}</p>
      </header>
      <p>
        <Link to="/painel_de_controle_mini_vagas">Painel do mês</Link> — inscrições, contratações e candidatos do mês por status, recrutador e origem.
      </p>
      {/* Both lists wait for both answers in one place, so nothing drawn moves when they arrive. */}
      {!listed ? (
        <LoadStates
          loading={vacancies.error ? null : 'Carregando vagas...'}
          error={vacancies.error}
          failed="Erro ao carregar as vagas."
          showReason={false}
          onRetry={() => void vacancies.mutate()}
        />
      ) : (
        <>
          {(interviews.data?.interviews.length ?? 0) > 0 && (
            <section className="home-interviews" aria-labelledby="home-interviews">
              <h2 id="home-interviews">Entrevistas de hoje ({interviews.data!.interviews.length})</h2>
              <ul>
                {interviews.data!.interviews.map((i) => (
                  <li key={i.id}>
                    <strong>{i.startsAt ? formatHour(i.startsAt) : i.slots.map((s) => formatHour(s.startsAt)).join(' ou ')}</strong> {i.candidateName} —{' '}
                    <Link to={`/vagas/${vacancySlug({ id: i.vacancyId, description: i.vacancy })}/lista-candidatos`}>{i.vacancy}</Link>{' '}
                    <small>
                      {MODE_LABELS[i.mode]} · com {i.interviewer} · {INTERVIEW_STATUS_LABELS[i.status]}
                    </small>
                  </li>
                ))}
              </ul>
            </section>
          )}
          {awaiting.length > 0 && (
            <section className="home-awaiting" aria-labelledby="home-awaiting">
              <h2 id="home-awaiting">Aguardando publicação ({awaiting.length})</h2>
              <ul>
                {awaiting.map((v) => (
                  <li key={v.id}>
                    <Link to={`/processos_seletivos/${v.id}/edit`}>{v.description || 'Vaga'}</Link> <small>{[v.company_name, v.city].filter(Boolean).join(' · ')}</small>
                  </li>
                ))}
              </ul>
            </section>
          )}
          <section aria-labelledby="home-vacancies">
            <div className="section-header">
              <h2 id="home-vacancies">{scope === 'mine' ? 'Minhas vagas abertas' : 'Vagas abertas'}</h2>
              {person && admin && (
                <div className="view-switch" role="group" aria-label="Quais vagas">
                  <button type="button" className="button" aria-pressed={scope === 'mine'} onClick={() => setScope('mine')}>
                    Minhas
                  </button>
                  <button type="button" className="button" aria-pressed={scope === 'all'} onClick={() => setScope('all')}>
                    Todas
                  </button>
                </div>
              )}
            </div>
            {/* Always there, so the table does not move when the counts arrive. */}
            <p className="field-hint">
              {counted
                ? `Contagens de ${formatDateTime(home.data!.indexedAt!)}.`
                : home.data
                  ? 'As contagens por etapa aparecem quando o índice de candidatos estiver pronto.'
                  : '\u00a0'}
            </p>
            <LoadStates
              loading={null}
              error={null}
              failed="Erro ao carregar as vagas."
              onRetry={() => void vacancies.mutate()}
              empty={
                rows.length === 0
                  ? {
                      title: scope === 'mine' ? 'Nenhuma vaga aberta com você como recrutador(a).' : 'Nenhuma vaga aberta.',
                      hint: scope === 'mine' ? 'Uma vaga é sua quando o campo "Recrutador" traz o seu nome.' : undefined,
                    }
                  : null
              }
            />
            {rows.length > 0 && <DataTable columns={columns} rows={rows} rowKey={(v) => v.id} caption={scope === 'mine' ? 'Minhas vagas abertas' : 'Vagas abertas'} />}
          </section>
        </>
      )}
    </main>
  )
}
