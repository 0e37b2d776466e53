import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Address, CepParams } from '@mini-vagas/shared/schemas/cep'
import { Failures } from '@mini-vagas/shared/schemas/common'
import { HttpError } from '../../lib/http-error.ts'
import { createTtlCache } from '../../lib/ttl-cache.ts'
import { UpstreamError, type HttpClient } from '../../legacy/client.ts'

const UNAVAILABLE = 'Não foi possível consultar o CEP agora. Preencha o endereço manualmente.'
const str = (v: unknown) => (typeof v === 'string' ? v : '')

/**
 * GET /bff/cep/:cep: the apply form's address autofill (docs/product.md, Validation) through the BFF, so the browser
 * calls no third party. Answers are cached for a day; "not found" is cached too.
 */
export async function cepFeature(app: FastifyInstance, { client }: { client: HttpClient }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const cache = createTtlCache<Address | null>({ ttlMs: 24 * 3_600_000, maxEntries: 5000 })

  async function lookup(cep: string): Promise<Address | null> {
    const response = await client.request({ method: 'GET', path: `/${cep}/json/` })
    if (response.status === 400) return null
    if (response.status !== 200) throw new HttpError(502, UNAVAILABLE)
    const body = response.body as Record<string, unknown> | null
    if (!body || body.erro === true || body.erro === 'true') return null
    return {
      cep: str(body.cep) || `${cep.slice(0, 5)}-${cep.slice(5)}`,
      street: str(body.logradouro),
      neighborhood: str(body.bairro),
      city: str(body.localidade),
      state: str(body.uf),
    }
  }

  api.get('/bff/cep/:cep', { config: { access: 'public' }, schema: { tags: ['public'], params: CepParams, response: { 200: Address, ...Failures } } }, async (request, reply) => {
    const cep = request.params.cep.replace('-', '')
    if (!/^\d{8}$/.test(cep)) throw new HttpError(400, 'Informe um CEP com 8 dígitos.')
    let address: Address | null
    try {
      address = await cache.get(cep, () => lookup(cep))
    } catch (error) {
      if (error instanceof UpstreamError) throw new HttpError(error.kind === 'timeout' ? 504 : 502, UNAVAILABLE)
      throw error
    }
    if (!address) throw new HttpError(404, 'CEP não encontrado.')
    reply.header('cache-control', 'public, max-age=86400')
    return address
  })
}
