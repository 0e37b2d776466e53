import useSWR from 'swr'
import type { BoardAnswer, BulkBody, BulkJob, BulkJobAnswer } from '@mini-vagas/shared/schemas/pipeline'
import { api } from '../../../lib/api-client.ts'
import { downloadFile } from '../../../lib/download.ts'

/** A vacancy's board: every candidate as a card (staff). */
export const boardKey = (vacancyId: number) => `/bff/vacancies/${vacancyId}/board`
export const useBoard = (vacancyId: number | undefined) => useSWR(vacancyId ? boardKey(vacancyId) : null, (key: string) => api<BoardAnswer>(key))

/** Starts a bulk action; answers the job as it starts. */
export const startBulk = async (body: BulkBody) => (await api<BulkJobAnswer>('/bff/bulk', { method: 'POST', body })).job
export const resumeBulk = async (id: string) => (await api<BulkJobAnswer>(`/bff/bulk/${id}/resume`, { method: 'POST' })).job
export const undoBulk = async (id: string) => (await api<BulkJobAnswer>(`/bff/bulk/${id}/undo`, { method: 'POST' })).job

const working = (job: BulkJob | undefined) => job?.status === 'running' || job?.undo?.status === 'running'
/** A job's progress, read every second while it (or its undo) runs. */
export const useBulkJob = (id: string | null) =>
  useSWR(id ? `/bff/bulk/${id}` : null, async (key: string) => (await api<BulkJobAnswer>(key)).job, {
    // A WhatsApp send's statuses come from Meta after it ends: its report keeps updating while open.
    refreshInterval: (job) => (working(job) ? 1000 : job?.channel === 'whatsapp_api' ? 10_000 : 0),
  })

/** The chosen candidates' CSV. */
export const downloadSelection = (vacancyId: number, ids: readonly number[]) =>
  downloadFile(`/bff/vacancies/${vacancyId}/candidates/selection.csv`, `candidatos-selecionados-${vacancyId}.csv`, { ids })
