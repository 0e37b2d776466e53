import useSWR from 'swr'
import type { PrivacyRequestBody, PrivacyRequestList, PrivacyRequestReceipt, PrivacyRequest } from '@mini-vagas/shared/schemas/privacy'
import type { MyApplicationsAnswer, MyApplicationsChannels, ScreeningExplanationAnswer } from '@mini-vagas/shared/schemas/my-applications'
import { api } from '../../../lib/api-client.ts'

export const sendPrivacyRequest = (body: PrivacyRequestBody) => api<PrivacyRequestReceipt>('/bff/public/privacy-requests', { method: 'POST', body })

export const usePrivacyRequests = () => useSWR('/bff/privacy-requests', (key: string) => api<PrivacyRequestList>(key))

export const answerPrivacyRequest = (id: string, answer: string) => api<{ request: PrivacyRequest }>(`/bff/privacy-requests/${id}/answer`, { method: 'PUT', body: { answer } })

export const anonymiseRecords = (id: string) => api<{ anonymised: number; message: string }>(`/bff/privacy-requests/${id}/anonymise`, { method: 'POST' })

// "Minhas candidaturas": the link's secret goes in each request's body (it never sits in an address).
export const askApplicationsLink = (contact: { email: string } | { whatsapp: string }) =>
  api<{ message: string }>('/bff/public/my-applications/link', { method: 'POST', body: contact })
/** Whether the link can be asked for by WhatsApp here (the operator's Cloud API and template). */
export const useApplicationsChannels = () =>
  useSWR('/bff/public/my-applications/channels', (key: string) => api<MyApplicationsChannels>(key), { revalidateOnFocus: false, shouldRetryOnError: false })
export const openApplications = (token: string) => api<MyApplicationsAnswer>('/bff/public/my-applications', { method: 'POST', body: { token } })
export const withdrawApplication = (token: string, id: number) => api<MyApplicationsAnswer>('/bff/public/my-applications/withdraw', { method: 'POST', body: { token, id } })
export const answerApplicationInterview = (token: string, id: number, action: 'escolher' | 'remarcar' | 'cancelar', slotId?: number) =>
  api<MyApplicationsAnswer>('/bff/public/my-applications/interview', { method: 'POST', body: { token, id, action, ...(slotId === undefined ? {} : { slotId }) } })
export const explainScreening = (token: string) => api<ScreeningExplanationAnswer>('/bff/public/my-applications/screening', { method: 'POST', body: { token } })
