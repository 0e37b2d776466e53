import useSWR from 'swr'
import type {
  AccountAnswer,
  BindingBody,
  ChangePasswordBody,
  EditPersonBody,
  InvitePersonBody,
  LegacyBinding,
  LinkAnswer,
  OneTimeLink,
  Person,
  TeamAnswer,
  TotpSetup,
} from '@mini-vagas/shared/schemas/accounts'
import type { MessageAnswer } from '@mini-vagas/shared/schemas/common'
import { api } from '../../../lib/api-client.ts'

/** The team's accounts through the BFF (docs/accounts.md): the team (admins), one's own account, and links. */
export const TEAM_KEY = '/bff/team'
export const ACCOUNT_KEY = '/bff/account'

export const useTeam = () => useSWR(TEAM_KEY, (key: string) => api<TeamAnswer>(key))
export const useAccount = () => useSWR(ACCOUNT_KEY, (key: string) => api<AccountAnswer>(key))

export const invitePerson = (body: InvitePersonBody) => api<OneTimeLink>('/bff/team/people', { method: 'POST', body })
export const editPerson = (id: string, body: EditPersonBody) => api<{ person: Person }>(`/bff/team/people/${id}`, { method: 'PATCH', body })
export const newLink = (id: string) => api<OneTimeLink>(`/bff/team/people/${id}/link`, { method: 'POST' })
export const bindLegacyLogin = (body: BindingBody) => api<{ binding: LegacyBinding }>('/bff/team/bindings', { method: 'POST', body })

export const changePassword = (body: ChangePasswordBody) => api<MessageAnswer>('/bff/account/password', { method: 'PUT', body })
export const startTotp = () => api<TotpSetup>('/bff/account/totp', { method: 'POST' })
export const confirmTotp = (code: string) => api<AccountAnswer>('/bff/account/totp', { method: 'PUT', body: { code } })
export const stopTotp = (password: string) => api<AccountAnswer>('/bff/account/totp/off', { method: 'POST', body: { password } })

// A link's page is public: a 401 there is an answer, never a logout.
export const readLink = (token: string) => api<LinkAnswer>('/bff/auth/people/link', { method: 'POST', body: { token }, on401: 'return' })
export const passwordByLink = (token: string, password: string, confirmation: string) =>
  api<MessageAnswer>('/bff/auth/people/password', { method: 'POST', body: { token, password, confirmation }, on401: 'return' })
