import useSWR from 'swr'
import type { PrivacyRequestBody, PrivacyRequestList, PrivacyRequestReceipt, PrivacyRequest } from '@mini-vagas/shared/schemas/privacy'
import { api } from '../../../lib/api-client.ts'

export const sendPrivacyRequest = (body: PrivacyRequestBody) => api<PrivacyRequestReceipt>('/bff/public/privacy-requests', { method: 'POST', body })

export const usePrivacyRequests = () => useSWR('/bff/privacy-requests', (key: string) => api<PrivacyRequestList>(key))

export const answerPrivacyRequest = (id: string, answer: string) => api<{ request: PrivacyRequest }>(`/bff/privacy-requests/${id}/answer`, { method: 'PUT', body: { answer } })

export const anonymiseRecords = (id: string) => api<{ anonymised: number; message: string }>(`/bff/privacy-requests/${id}/anonymise`, { method: 'POST' })
