import useSWR from 'swr'
import type { DashboardAnswer } from '@mini-vagas/shared/schemas/dashboard'
import { api } from '../../../lib/api-client.ts'

export type DashboardData = DashboardAnswer

export const dashboardKey = (month: string) => `/bff/dashboard?month=${month}`

export function useDashboard(month: string) {
  return useSWR(dashboardKey(month), (key: string) => api<DashboardData>(key), { keepPreviousData: true, revalidateOnFocus: true })
}
