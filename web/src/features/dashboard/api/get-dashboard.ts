import useSWR from 'swr'
import { api } from '../../../lib/api-client.ts'

export interface DashboardData {
  month: string
  generatedAt: string
  stale: boolean
  vacancies: { vacanciesByState: Record<string, number>; openPositionsByState: Record<string, number>; openPositions: number; visibleVacancies: number }
  filled: { filled: number; byState: Record<string, number>; byRecruiter: Record<string, number> }
  statuses: Record<string, number>
  origins: Record<string, number>
}

export const dashboardKey = (month: string) => `/bff/dashboard?month=${month}`

export function useDashboard(month: string) {
  return useSWR(dashboardKey(month), (key: string) => api<DashboardData>(key), { keepPreviousData: true, revalidateOnFocus: true })
}
