import { api } from '../../../lib/api-client.ts'

export interface Address {
  cep: string
  street: string
  neighborhood: string
  city: string
  state: string
}

/** Spec §5: the postal-code lookup, through the BFF. Null when the CEP is unknown. */
export async function lookupCep(cep: string, signal?: AbortSignal): Promise<Address | null> {
  try {
    return await api<Address>(`/bff/cep/${cep}`, signal ? { signal } : {})
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null
    throw error
  }
}
