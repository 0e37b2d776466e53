import * as Tabs from '@radix-ui/react-tabs'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { SCREENING_MAX_CANDIDATES, TOAST_MS_SCREENING } from '@mini-vagas/shared/constants/limits'
import {
  GLOBAL_RANGE_MESSAGE,
  SCREENING_DEFAULT_RANGE,
  checkScreeningRange,
  screeningRange,
  todayDate,
  type DateRange,
  type ScreeningMode,
  type ScreeningRangeKind,
} from '@mini-vagas/shared/domain/dates'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import { useDocumentTitle } from '../../../lib/use-document-title.ts'
import {
  applyRun,
  isLive,
  previewApply,
  loadCandidates,
  startRun,
  testConnection,
  useRun,
  useScreeningProvider,
  useScreeningVacancies,
  type ApplyPreview,
  type ScreeningVacancyItem,
} from '../api/screening.ts'
import type { LoadAnswer } from '@mini-vagas/shared/schemas/screening'
import { ApplyConfirmation } from '../components/apply-confirmation.tsx'
import { LoadedCandidates } from '../components/loaded-candidates.tsx'
import { RunSummary } from '../components/run-summary.tsx'
import { ProgressBar } from '../components/screening-results.tsx'
import { VacancyInfo } from '../components/vacancy-info.tsx'
import { VacancyPicker } from '../components/vacancy-picker.tsx'

const QUICK_RANGES: Record<ScreeningMode, { kind: ScreeningRangeKind; label: string }[]> = {
  empresa: [
    { kind: 'last-month', label: 'Último mês' },
    { kind: 'company-all', label: 'Todos os candidatos' },
  ],
  global: [
    { kind: 'last-7-days', label: 'Últimos 7 dias' },
    { kind: 'last-6-months', label: 'Últimos 6 meses' },
  ],
}
const MODE_HINTS: Record<ScreeningMode, string> = {
  empresa: 'Candidatos inscritos na vaga escolhida, no período.',
  global: 'Todos os candidatos inscritos no período (até 6 meses), exceto aprovados, contratados e em entrevista presencial. Os triados podem ser enviados para a vaga escolhida.',
}
const SELECT_VACANCY = 'Selecione uma vaga para executar a triagem'

/** AI screening (spec §2.13): pick a vacancy and a period, load candidates, screen, review, apply. */
export function Component() {
  useDocumentTitle('Triagem com IA')
  const show = useToast()
  const notify = useCallback((text: string, kind: 'success' | 'error' = 'success') => show(text, { kind, duration: TOAST_MS_SCREENING }), [show])
  const [params, setParams] = useSearchParams()
  const runId = params.get('triagem')
  const run = useRun(runId)
  const vacancies = useScreeningVacancies()
  const provider = useScreeningProvider()
  const today = todayDate()
  const [mode, setMode] = useState<ScreeningMode>('empresa')
  const [range, setRange] = useState<DateRange>(() => screeningRange(SCREENING_DEFAULT_RANGE.empresa, today))
  const [vacancy, setVacancy] = useState<ScreeningVacancyItem | null>(null)
  const [loaded, setLoaded] = useState<LoadAnswer | null>(null)
  const [busy, setBusy] = useState<null | 'test' | 'load' | 'run' | 'apply'>(null)
  const [plan, setPlan] = useState<ApplyPreview | null>(null)
  const [rangeError, setRangeError] = useState<string | null>(null)

  useEffect(() => {
    if (vacancies.error) notify('Erro ao carregar vagas', 'error')
  }, [vacancies.error, notify])

  // A run opened from the address (after a reload) brings back its mode and vacancy.
  const restored = useRef<string | null>(null)
  useEffect(() => {
    const view = run.data
    if (!view || restored.current === view.run.id) return
    restored.current = view.run.id
    setMode(view.run.mode)
    const id = Number(view.run.vacancy.id)
    setVacancy((current) => (current?.id === id ? current : (vacancies.data?.find((v) => v.id === id) ?? ({ ...view.run.vacancy, id } as ScreeningVacancyItem))))
  }, [run.data, vacancies.data])

  // When screening or applying ends, say so (5 s toasts, §8 texts from the BFF).
  const previous = useRef<{ id: string; status: string; apply: string | null } | null>(null)
  useEffect(() => {
    const view = run.data
    if (!view) return
    const now = { id: view.run.id, status: view.run.status, apply: view.apply?.status ?? null }
    const before = previous.current
    previous.current = now
    if (!before || before.id !== now.id) return
    if (before.status === 'screening' && now.status !== 'screening' && view.run.message) notify(view.run.message, now.status === 'done' ? 'success' : 'error')
    if (before.apply === 'applying' && now.apply !== 'applying' && view.apply?.message)
      notify(view.apply.message, now.apply === 'applied' && view.apply.updated + view.apply.sent > 0 ? 'success' : 'error')
  }, [run.data, notify])

  const view = run.data
  const live = !!view && isLive({ status: view.run.status, apply: view.apply })
  const locked = busy !== null || live

  function clearRun() {
    if (runId) setParams({}, { replace: true })
  }

  function changeMode(next: string) {
    const m = next as ScreeningMode
    setMode(m)
    setRange(screeningRange(SCREENING_DEFAULT_RANGE[m], today))
    setLoaded(null)
    setRangeError(null)
    clearRun()
  }

  function changeRange(next: DateRange) {
    setRangeError(null)
    setLoaded(null)
    if (mode === 'global' && next.start && next.end) {
      const check = checkScreeningRange('global', next, today)
      if (!check.ok && check.message === GLOBAL_RANGE_MESSAGE) {
        notify(GLOBAL_RANGE_MESSAGE, 'error')
        setRange(check.reset)
        return
      }
    }
    setRange(next)
  }

  async function onTestConnection() {
    setBusy('test')
    try {
      const answer = await testConnection()
      notify(answer.message, answer.ok ? 'success' : 'error')
    } catch {
      notify('Erro ao testar conexão com IA', 'error')
    } finally {
      setBusy(null)
    }
  }

  async function onLoad() {
    if (mode === 'empresa' && !vacancy) return notify(SELECT_VACANCY, 'error')
    const check = checkScreeningRange(mode, range, today)
    if (!check.ok) return setRangeError(check.message)
    setBusy('load')
    setLoaded(null)
    clearRun()
    try {
      const answer = await loadCandidates({ mode, ...(vacancy ? { vacancyId: vacancy.id } : {}), start_date: range.start, end_date: range.end })
      setLoaded(answer)
      notify(`${answer.total} candidatos carregados.`)
      for (const warning of answer.warnings) notify(warning, 'error')
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Erro ao carregar candidatos da vaga.', 'error')
    } finally {
      setBusy(null)
    }
  }

  async function onRun() {
    if (!vacancy) return notify(SELECT_VACANCY, 'error')
    if (!loaded) return notify('Busque os candidatos antes de executar a triagem.', 'error')
    if (loaded.total > SCREENING_MAX_CANDIDATES) return notify('Limite de candidatos excedido! Máximo 3000 candidatos por triagem...', 'error')
    setBusy('run')
    try {
      const started = await startRun(loaded.draftId)
      restored.current = started.run.id
      previous.current = { id: started.run.id, status: 'screening', apply: null }
      setParams({ triagem: started.run.id })
      await run.mutate(started, { revalidate: false })
    } catch (error) {
      notify(error instanceof ApiError ? `Erro na triagem: ${error.message}` : 'Erro na triagem: falha de conexão', 'error')
    } finally {
      setBusy(null)
    }
  }

  async function onApply() {
    if (!view || view.results.every((r) => r.outcome === null)) return notify('Nenhum resultado para aplicar', 'error')
    if (!view.results.some((r) => r.outcome === 'triado' || r.outcome === 'revisao')) return notify('Nenhum candidato para atualizar', 'error')
    setBusy('apply')
    try {
      setPlan(await previewApply(view.run.id))
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Erro ao aplicar resultados', 'error')
    } finally {
      setBusy(null)
    }
  }

  async function onConfirmApply() {
    if (!view) return
    setPlan(null)
    setBusy('apply')
    try {
      const started = await applyRun(view.run.id)
      previous.current = { id: started.run.id, status: started.run.status, apply: 'applying' }
      await run.mutate(started, { revalidate: false })
      if (started.apply?.status !== 'applying') await run.mutate()
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Erro ao aplicar resultados', 'error')
    } finally {
      setBusy(null)
    }
  }

  const progress = run.progress
  const screeningDone = progress?.done ?? view?.run.done ?? 0
  const applyState = progress?.apply ?? view?.apply ?? null
  const canApply = !!view && view.run.status !== 'screening' && !locked

  return (
    <main id="main" className="page screening-page">
      <h1>Triagem com IA</h1>
      <p className="subtitle">Triagem dos candidatos pelos critérios da vaga, com justificativa para cada um.</p>
      {provider.data === 'rules' && (
        <p className="alert alert-info" role="note">
          Nenhuma chave de IA configurada: a triagem usa as regras do sistema (idade, distância até a vaga e critérios que pedem revisão), com uma justificativa para cada
          candidato.
        </p>
      )}

      <Tabs.Root value={mode} onValueChange={changeMode} className="tabs">
        <Tabs.List aria-label="Tipo de triagem" className="tab-list">
          <Tabs.Trigger value="empresa" className="tab" disabled={locked}>
            Triagem por empresa
          </Tabs.Trigger>
          <Tabs.Trigger value="global" className="tab" disabled={locked}>
            Triagem global
          </Tabs.Trigger>
        </Tabs.List>
        {(['empresa', 'global'] as const).map((m) => (
          <Tabs.Content key={m} value={m} className={`form-card tab-panel${locked ? ' is-busy' : ''}`} aria-busy={locked}>
            <p className="field-hint">{MODE_HINTS[m]}</p>
            <VacancyPicker vacancies={vacancies.data ?? []} selected={vacancy} onSelect={(v) => (setVacancy(v), setLoaded(null), clearRun())} disabled={locked} />
            <div className="field-row">
              <div className="field">
                <label htmlFor={`${m}-start`}>Data inicial</label>
                <input id={`${m}-start`} type="date" value={range.start} max={today} disabled={locked} onChange={(e) => changeRange({ ...range, start: e.target.value })} />
              </div>
              <div className="field">
                <label htmlFor={`${m}-end`}>Data final</label>
                <input id={`${m}-end`} type="date" value={range.end} max={today} disabled={locked} onChange={(e) => changeRange({ ...range, end: e.target.value })} />
              </div>
            </div>
            {rangeError && (
              <p className="alert alert-error" role="alert">
                {rangeError}
              </p>
            )}
            <div className="actions">
              {QUICK_RANGES[m].map((q) => (
                <button key={q.kind} type="button" className="button button-small" disabled={locked} onClick={() => changeRange(screeningRange(q.kind, today))}>
                  {q.label}
                </button>
              ))}
            </div>
            <div className="actions">
              <button type="button" className="button" disabled={locked} onClick={() => void onTestConnection()}>
                {busy === 'test' ? 'Testando...' : 'Testar conexão com IA'}
              </button>
              <button type="button" className="button" disabled={locked} onClick={() => void onLoad()}>
                {busy === 'load' ? 'Buscando...' : 'Buscar candidatos'}
              </button>
              <button type="button" className="button button-primary" disabled={locked || !loaded} onClick={() => void onRun()}>
                {busy === 'run' ? 'Iniciando...' : 'Executar triagem'}
              </button>
              <button type="button" className="button button-primary" disabled={!canApply} onClick={() => void onApply()}>
                {busy === 'apply' || applyState?.status === 'applying' ? 'Aplicando...' : 'Aplicar Resultados'}
              </button>
            </div>
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {busy === 'load' && <ProgressBar label="Carregando candidatos..." />}
      {view?.run.status === 'screening' && <ProgressBar label="Triando candidatos" value={screeningDone} max={view.run.total} />}
      {applyState?.status === 'applying' && <ProgressBar label="Aplicando resultados" value={applyState.processed} max={applyState.total} />}
      {applyState?.status === 'applying' && applyState.notice && <p className="field-hint">{applyState.notice}</p>}

      {plan && <ApplyConfirmation preview={plan} onConfirm={() => void onConfirmApply()} onCancel={() => setPlan(null)} />}

      {vacancy && <VacancyInfo vacancy={vacancy} />}

      {view && <RunSummary view={view} onReload={() => void onLoad()} />}

      {loaded && !view && (
        <section aria-labelledby="carregados">
          <h2 id="carregados">Candidatos carregados ({loaded.total})</h2>
          {loaded.warnings.map((w) => (
            <p key={w} className="alert alert-error" role="alert">
              {w}
            </p>
          ))}
          <LoadedCandidates candidates={loaded.candidates} />
        </section>
      )}
    </main>
  )
}
