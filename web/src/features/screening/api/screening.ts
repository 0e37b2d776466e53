import { useEffect, useEffectEvent, useState } from 'react'
import useSWR from 'swr'
import type { ListedVacancy, VacancyList } from '@mini-vagas/shared/schemas/vacancy'
import type { ScreeningMode, ScreeningRangeKind } from '@mini-vagas/shared/domain/dates'
import type {
  ApplyPreview,
  ConnectionAnswer,
  FitAnswer,
  LoadAnswer,
  LoadBody,
  ProgressEvent,
  ProviderAnswer,
  ReviewBody,
  RunView,
  ScreeningResult,
} from '@mini-vagas/shared/schemas/screening'
import { api } from '../../../lib/api-client.ts'

export type { ApplyPreview, RunView } from '@mini-vagas/shared/schemas/screening'
export type { ListedCandidate as LoadedCandidate } from '@mini-vagas/shared/schemas/candidates'
export type ScreeningVacancyItem = ListedVacancy

export function useScreeningVacancies() {
  return useSWR('/bff/vacancies', async (key: string) => (await api<VacancyList>(key)).vacancies)
}

export function useScreeningProvider() {
  return useSWR('/bff/screening/provider', (key: string) => api<ProviderAnswer>(key))
}

/** Loads a range; the answer's `draftId` is what a run then screens (exactly what was shown). */
export const loadCandidates = (input: LoadBody) => api<LoadAnswer>('/bff/screening/candidates', { method: 'POST', body: input })

export const testConnection = () => api<ConnectionAnswer>('/bff/screening/test-connection', { method: 'POST' })

export const startRun = (draftId: string) => api<RunView>('/bff/screening/runs', { method: 'POST', body: { draftId } })

export const previewApply = (id: string) => api<ApplyPreview>(`/bff/screening/runs/${id}/apply-preview`)

/** A person's review of one verdict; the answer is the result as kept. */
export const reviewResult = (runId: string, candidateId: number, body: ReviewBody) =>
  api<ScreeningResult>(`/bff/screening/runs/${runId}/results/${candidateId}/review`, { method: 'PUT', body })

/** Undoes the run's applied writes that nobody changed since. */
export const undoApply = (id: string) => api<RunView>(`/bff/screening/runs/${id}/undo`, { method: 'POST' })

export const applyRun = (id: string) => api<RunView>(`/bff/screening/runs/${id}/apply`, { method: 'POST' })

export const isLive = (view: { status: string; apply: { status: string } | null } | null | undefined) =>
  !!view && (view.status === 'screening' || view.apply?.status === 'applying')

/**
 * A run's view, kept current while it screens or applies: progress comes over server-sent events
 * (the BFF's stream), and the whole view is read again when the stream says the work ended.
 * Where EventSource is missing, the view is polled instead.
 */
export function useRun(id: string | null) {
  const hasEventSource = typeof EventSource !== 'undefined'
  const swr = useSWR(id ? `/bff/screening/runs/${id}` : null, (key: string) => api<RunView>(key), {
    // An undo's progress is read again every second; screening and applying come over the stream.
    refreshInterval: (view) => (view?.undo?.status === 'undoing' || (!hasEventSource && view && isLive({ status: view.run.status, apply: view.apply })) ? 1000 : 0),
    revalidateOnFocus: false,
  })
  const [progress, setProgress] = useState<ProgressEvent | null>(null)
  const live = !!swr.data && isLive({ status: swr.data.run.status, apply: swr.data.apply })
  const { mutate } = swr
  const readAgain = useEffectEvent(() => void mutate())
  // Another run, or the work ended: the last progress no longer applies.
  const [progressOf, setProgressOf] = useState(`${id}:${live}`)
  if (progressOf !== `${id}:${live}`) {
    setProgressOf(`${id}:${live}`)
    setProgress(null)
  }

  useEffect(() => {
    if (!id || !live || !hasEventSource) return
    const source = new EventSource(`/bff/screening/runs/${id}/events`)
    source.addEventListener('progress', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as ProgressEvent
      setProgress(next)
      if (!isLive(next)) {
        source.close()
        readAgain()
      }
    })
    // The stream broke (network, BFF restart): read the view again, which reopens it if still live.
    source.onerror = () => {
      source.close()
      setTimeout(readAgain, 1000)
    }
    return () => source.close()
  }, [id, live, hasEventSource])

  return { ...swr, progress }
}

/** A quick range fitted to the screening's cap by the BFF (counted on the candidate index when it can). */
export const fitRange = (mode: ScreeningMode, kind: ScreeningRangeKind, vacancyId?: number) =>
  api<FitAnswer>(`/bff/screening/fit?mode=${mode}&kind=${kind}${vacancyId ? `&vacancyId=${vacancyId}` : ''}`)
