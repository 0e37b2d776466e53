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
import type { LoadAnswer } from '@mini-vagas/shared/schemas/screening'
import { useToast } from '../../../components/toast.tsx'
import { ApiError } from '../../../lib/api-client.ts'
import {
  applyRun,
  fitRange,
  undoApply,
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
} from './screening.ts'

const SELECT_VACANCY = 'Selecione uma vaga para executar a triagem'

/**
 * The screening screen's state and actions (docs/product.md, AI screening): mode, vacancy and range; loading (the
 * run's draft), starting, confirming and applying a run; the toasts (docs/product.md, Texts) when work ends. A run
 * opened from the address (after a reload) brings back its mode and vacancy.
 */
export function useScreening() {
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
  const [busy, setBusy] = useState<null | 'test' | 'load' | 'run' | 'apply' | 'undo'>(null)
  const [confirmUndo, setConfirmUndo] = useState(false)
  const [plan, setPlan] = useState<ApplyPreview | null>(null)
  const [rangeError, setRangeError] = useState<string | null>(null)
  // What the form says of a quick range the BFF moved to fit the cap.
  const [rangeNote, setRangeNote] = useState<string | null>(null)

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

  // When screening or applying ends, say so (5 s toasts, the texts from the BFF).
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

  /** A quick range: shown at once, then moved inside the cap if the BFF counts it over (and said so in the form). */
  async function pickQuickRange(kind: ScreeningRangeKind) {
    changeRange(screeningRange(kind, today))
    try {
      const fitted = await fitRange(mode, kind, vacancy?.id)
      if (fitted.clamped) setRange({ start: fitted.start, end: fitted.end })
      setRangeNote(fitted.message)
    } catch {
      // The load checks the cap anyway; the range stays as picked.
    }
  }

  function changeRange(next: DateRange) {
    setRangeError(null)
    setRangeNote(null)
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
      // A period over the cap is the form's to fix: said where the dates are, not only in a toast.
      if (error instanceof ApiError && error.status === 422) setRangeError(error.message)
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

  async function onConfirmUndo() {
    if (!view) return
    setConfirmUndo(false)
    setBusy('undo')
    try {
      await run.mutate(await undoApply(view.run.id), { revalidate: false })
    } catch (error) {
      notify(error instanceof ApiError ? error.message : 'Erro ao desfazer a aplicação', 'error')
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
  const undoState = view?.undo ?? null
  // After an apply ended, its writes can be undone once (or an interrupted undo carried on).
  const canUndo = !!view && view.apply?.status === 'applied' && applyState?.status !== 'applying' && (undoState === null || undoState.status === 'failed') && busy === null

  return {
    run,
    view,
    vacancies,
    provider,
    today,
    mode,
    range,
    vacancy,
    loaded,
    busy,
    plan,
    rangeError,
    rangeNote,
    pickQuickRange,
    locked,
    canApply,
    applyState,
    screeningDone,
    changeMode,
    changeRange,
    clearRun,
    setPlan,
    selectVacancy: (v: ScreeningVacancyItem | null) => (setVacancy(v), setLoaded(null), clearRun()),
    onTestConnection,
    onLoad,
    onRun,
    onApply,
    onConfirmApply,
    canUndo,
    confirmUndo,
    setConfirmUndo,
    onConfirmUndo,
    /** A review saved: the run is read again (counts, results and what applying will write). */
    onReviewed: () => {
      notify('Revisão registrada.')
      void run.mutate()
    },
  }
}
