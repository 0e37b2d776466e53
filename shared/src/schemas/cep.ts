import { Type, type Static } from 'typebox'

export const CepParams = Type.Object({ cep: Type.String({ maxLength: 20 }) })

/** GET /bff/cep/:cep: an address for the apply form's autofill (docs/product.md, Validation). */
export const Address = Type.Object({
  cep: Type.String(),
  street: Type.String(),
  neighborhood: Type.String(),
  city: Type.String(),
  state: Type.String(),
})
export type Address = Static<typeof Address>
