import type { CreatedVacancy, VacancyAnswer, VacancyInput } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

/** Creates (no id) or updates the vacancy; the answer is the vacancy as written. */
export async function saveVacancy(input: VacancyInput, id?: number) {
  return id
    ? (await api<VacancyAnswer>(`/bff/vacancies/${id}`, { method: 'PUT', body: input })).vacancy
    : (await api<CreatedVacancy>('/bff/vacancies', { method: 'POST', body: input })).vacancy
}
