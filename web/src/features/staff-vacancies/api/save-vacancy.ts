import type { VacancyInput } from '@mini-vagas/shared/schemas/vacancy'
import { api } from '../../../lib/api-client.ts'

/** Creates (no id) or updates the vacancy through the BFF's pass-through. */
export async function saveVacancy(input: VacancyInput, id?: number): Promise<void> {
  await api(id ? `/api/processos_seletivos/${id}` : '/api/processos_seletivos', { method: id ? 'PUT' : 'POST', body: input })
}
