import type { Address } from '@mini-vagas/shared/schemas/cep'
import { api } from '../../../lib/api-client.ts'

export type { Address } from '@mini-vagas/shared/schemas/cep'

/** docs/product.md, Validation: the postal-code lookup, through the BFF. Null when the CEP is unknown. */
export async function lookupCep(cep: string, signal?: AbortSignal): Promise<Address | null> {
  try {
    return await api<Address>(`/bff/cep/${cep}`, signal ? { signal } : {})
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null
    throw error
  }
}
