import { useEffect, useRef, useState } from 'react'
import useSWR from 'swr'
import type { ScreeningMode } from '@mini-vagas/shared/domain/dates'
import type { Vacancy } from '@mini-vagas/shared/schemas/vacancy'
import type { Candidate } from '@mini-vagas/shared/schemas/candidate'
import { api } from '../../../lib/api-client.ts'

export type ScreeningVacancyItem = Partial<Vacancy> & { id: number }
export type LoadedCandidate = Partial<Candidate> & { id: number }
export type Outcome = 'triado' | 'revisao' | 'nao_triado'

export interface ApplyState {
  status: 'applying' | 'applied' | 'interrupted' | 'failed'
  message: string | null
  notice: string | null
  total: number
  processed: number
  updated: number
  sent: number
  /** Kept as they were: a person had moved them past screening. */
  skipped: number
  failed: number
  failures: { candidateId: number; name: string; kind: string; message: string }[]
}

export interface RunView {
  run: { id: string; mode: ScreeningMode; provider: string; status: 'screening' | 'done' | 'failed'; total: number; done: number; message: string | null; warning?: string | null; createdAt: string; vacancy: Record<string, unknown> }
  counts: Record<Outcome | 'pendente', number>
  results: { candidateId: number; name: string; outcome: Outcome | null; explanation: string | null }[]
  apply: ApplyState | null
}

/** What the progress stream sends (a run's view without its results). */
export interface Progress {
  status: RunView['run']['status']
  total: number
  done: number
  message: string | null
  counts: RunView['counts']
  apply: Omit<ApplyState, 'failures'> | null
}

export interface RangeInput {
  mode: ScreeningMode
  vacancyId?: number
  start_date: string
  end_date: string
}

export function useScreeningVacancies() {
  return useSWR('/bff/vacancies', async (key: string) => (await api<{ vacancies: ScreeningVacancyItem[] }>(key)).vacancies)
}

export function useScreeningProvider() {
  return useSWR('/bff/screening/provider', async (key: string) => (await api<{ provider: 'rules' | 'openai' }>(key)).provider)
}

export const loadCandidates = (input: RangeInput) =>
  api<{ total: number; warnings: string[]; candidates: LoadedCandidate[] }>('/bff/screening/candidates', { method: 'POST', body: input })

export const testConnection = () => api<{ ok: boolean; provider: string; message: string }>('/bff/screening/test-connection', { method: 'POST' })

export const startRun = (input: Required<RangeInput>) => api<RunView>('/bff/screening/runs', { method: 'POST', body: input })

/** What applying will write (statuses changed, people kept by status, forwards), to confirm first. */
export interface ApplyPreview {
  changes: number
  forwards: number
  kept: { status: string; count: number }[]
}
export const previewApply = (id: string) => api<ApplyPreview>(`/bff/screening/runs/${id}/apply-preview`)

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
    refreshInterval: (view) => (!hasEventSource && view && isLive({ status: view.run.status, apply: view.apply }) ? 1000 : 0),
    revalidateOnFocus: false,
  })
  const [progress, setProgress] = useState<Progress | null>(null)
  const live = !!swr.data && isLive({ status: swr.data.run.status, apply: swr.data.apply })
  const { mutate } = swr
  const mutateRef = useRef(mutate)
  mutateRef.current = mutate

  useEffect(() => {
    setProgress(null)
    if (!id || !live || !hasEventSource) return
    const source = new EventSource(`/bff/screening/runs/${id}/events`)
    source.addEventListener('progress', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as Progress
      setProgress(next)
      if (!isLive(next)) {
        source.close()
        void mutateRef.current()
      }
    })
    // The stream broke (network, BFF restart): read the view again, which reopens it if still live.
    source.onerror = () => {
      source.close()
      setTimeout(() => void mutateRef.current(), 1000)
    }
    return () => source.close()
  }, [id, live, hasEventSource])

  return { ...swr, progress }
}
