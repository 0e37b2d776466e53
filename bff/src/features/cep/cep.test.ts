import nock from 'nock'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { CEP, testApp } from '../../testing.ts'

let app: FastifyInstance
beforeEach(async () => {
  app = await testApp()
})
afterEach(async () => {
  await app.close()
  nock.cleanAll()
})
const get = (cep: string) => app.inject({ method: 'GET', url: `/bff/cep/${cep}` })

describe('GET /bff/cep/:cep', () => {
  it('answers the address in the form’s terms and caches it', async () => {
    const scope = nock(CEP)
      .get('/ws/60055400/json/')
      .once()
      .reply(200, { cep: '60055-400', logradouro: 'Avenida Aguanambi', bairro: 'José Bonifácio', localidade: 'Fortaleza', uf: 'CE' })
    for (const cep of ['60055400', '60055-400']) {
      const response = await get(cep)
      expect(response.statusCode).toBe(200)
      expect(JSON.parse(response.body)).toEqual({ cep: '60055-400', street: 'Avenida Aguanambi', neighborhood: 'José Bonifácio', city: 'Fortaleza', state: 'CE' })
    }
    scope.done()
  })
  it('answers 404 when the service reports an error (both spellings of erro)', async () => {
    nock(CEP).get('/ws/60999999/json/').reply(200, { erro: 'true' }).get('/ws/60999998/json/').reply(200, { erro: true })
    expect(JSON.parse((await get('60999999')).body)).toEqual({ message: 'CEP não encontrado.' })
    expect((await get('60999998')).statusCode).toBe(404)
  })
  it('answers 400 unless the CEP has 8 digits, without calling out', async () => {
    for (const cep of ['123', '600554000', 'abcdefgh', '60.055-400']) {
      const response = await get(encodeURIComponent(cep))
      expect(response.statusCode).toBe(400)
      expect(JSON.parse(response.body)).toEqual({ message: 'Informe um CEP com 8 dígitos.' })
    }
  })
  it('answers 502 with advice when the service fails', async () => {
    nock(CEP).get('/ws/60055401/json/').times(2).reply(500)
    const response = await get('60055401')
    expect(response.statusCode).toBe(502)
    expect(JSON.parse(response.body).message).toMatch(/Preencha o endereço manualmente/)
  })
})
