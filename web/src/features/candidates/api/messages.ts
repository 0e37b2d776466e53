import useSWR from 'swr'
import type { ContactAnswer, SendAnswer, SendBody, TemplatesAnswer } from '@mini-vagas/shared/schemas/messages'
import { api } from '../../../lib/api-client.ts'

/** Messages to a candidate (docs/product.md, Messages): the templates, whether the person may be contacted, one send. */
export const useTemplates = () => useSWR('/bff/messages/templates', (key: string) => api<TemplatesAnswer>(key))
export const contactKey = (candidateId: number) => `/bff/candidates/${candidateId}/contact`
// Asked again at every opening: the person may have stopped messages a moment ago, by the link in an e-mail.
export const useContact = (candidateId: number) => useSWR(contactKey(candidateId), (key: string) => api<ContactAnswer>(key), { dedupingInterval: 0, revalidateOnMount: true })
export const setOptOut = (candidateId: number, optedOut: boolean) => api<ContactAnswer>(contactKey(candidateId), { method: 'PUT', body: { optedOut } })
export const sendMessage = (candidateId: number, body: SendBody) => api<SendAnswer>(`/bff/candidates/${candidateId}/messages`, { method: 'POST', body })
