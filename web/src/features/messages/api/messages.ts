import useSWR from 'swr'
import type { MessagePurpose } from '@mini-vagas/shared/domain/messages'
import type { TemplateBody, TemplatesAnswer } from '@mini-vagas/shared/schemas/messages'
import { api } from '../../../lib/api-client.ts'

export const TEMPLATES_KEY = '/bff/messages/templates'
export const useTemplateList = () => useSWR(TEMPLATES_KEY, (key: string) => api<TemplatesAnswer>(key))
export const saveTemplate = (purpose: MessagePurpose, body: TemplateBody) => api<TemplatesAnswer>(`${TEMPLATES_KEY}/${purpose}`, { method: 'PUT', body })
export const restoreTemplate = (purpose: MessagePurpose) => api<TemplatesAnswer>(`${TEMPLATES_KEY}/${purpose}`, { method: 'DELETE' })
export const unsubscribe = (token: string) => api<{ message: string }>('/bff/public/unsubscribe', { method: 'POST', body: { token } })
