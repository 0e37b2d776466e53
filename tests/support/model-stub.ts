import { createServer } from 'node:http'

type Sent = {
  instructions?: string
  input: { content: string }[]
  text: {
    format: { schema: { properties: { resultados: { items: { properties: { ref: { enum: string[] }; criterios: { items: { properties: { chave: { enum: string[] } } } } } } } } } }
  }
}

/**
 * A stand-in of the Responses API over real HTTP (the BFF calls it through the openai package with
 * OPENAI_BASE_URL): it answers every candidate of a call with `verdict`, after `delayMs`, and says
 * every criterion is met — the worst a model can do. It counts the candidates it was asked about
 * and keeps each request's body.
 */
export async function startModelStub({ delayMs = 0, verdict = 'TRIADO' }: { delayMs?: number; verdict?: 'TRIADO' | 'REVISAO' | 'NAO_TRIADO' } = {}) {
  let asked = 0
  const requests: Sent[] = []
  const server = createServer(async (req, res) => {
    let body = ''
    for await (const chunk of req) body += chunk
    const sent = JSON.parse(body) as Sent
    requests.push(sent)
    const item = sent.text.format.schema.properties.resultados.items.properties
    const refs = item.ref.enum
    const keys = item.criterios?.items.properties.chave.enum ?? []
    asked += refs.length
    await new Promise((r) => setTimeout(r, delayMs))
    const text = JSON.stringify({
      resultados: refs.map((ref) => ({
        ref,
        resultado: verdict,
        justificativa: 'Atende a todos os critérios.',
        criterios: keys.map((chave) => ({ chave, situacao: 'ATENDE', campo: 'experiencias', valor: 'conforme o currículo' })),
      })),
    })
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        id: 'resp_stub',
        object: 'response',
        status: 'completed',
        model: 'gpt-4.1-mini',
        output: [{ type: 'message', id: 'msg_stub', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text, annotations: [] }] }],
      }),
    )
  })
  const url = await new Promise<string>((done) => server.listen(0, '127.0.0.1', () => done(`http://127.0.0.1:${(server.address() as { port: number }).port}/v1`)))
  return { url, requests, candidatesAsked: () => asked, close: () => new Promise<void>((r) => server.close(() => r())) }
}
