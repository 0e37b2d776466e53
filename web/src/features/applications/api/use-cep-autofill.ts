import { useEffect, useEffectEvent, useState } from 'react'
import { digitsOnly } from '@mini-vagas/shared/domain/text'
import { lookupCep, type Address } from './lookup-cep.ts'

/**
 * docs/product.md, Validation: a complete CEP fills the address (through the BFF); returns what to tell the
 * applicant about the lookup, or null while the CEP is incomplete. A newer CEP cancels the
 * lookup of an older one.
 */
export function useCepAutofill(cep: string, onAddress: (address: Address) => void): string | null {
  /** The last lookup's outcome, for the CEP it was made for. */
  const [lookup, setLookup] = useState<{ cep: string; status: string } | null>(null)
  const fill = useEffectEvent(onAddress)
  const digits = digitsOnly(cep)
  useEffect(() => {
    if (digits.length !== 8) return
    const controller = new AbortController()
    const said = (status: string) => setLookup({ cep: digits, status })
    lookupCep(digits, controller.signal)
      .then((address) => {
        if (!address) return said('CEP não encontrado. Preencha o endereço.')
        fill(address)
        said('Endereço preenchido pelo CEP.')
      })
      .catch((error: unknown) => {
        if ((error as Error).name !== 'AbortError') said('Não foi possível buscar o CEP. Preencha o endereço.')
      })
    return () => controller.abort()
  }, [digits])
  if (digits.length !== 8) return null
  return lookup?.cep === digits ? lookup.status : 'Buscando endereço...'
}
