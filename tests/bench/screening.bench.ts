import { createServer, type Server } from 'node:http'
import { join } from 'node:path'
import { countTokens } from 'gpt-tokenizer'
import { buildApp, loggerOptions } from '../../bff/src/app.ts'
import { createOpenAiProvider } from '../../bff/src/features/screening/openai-provider.ts'
import type { ScreeningProvider } from '../../bff/src/features/screening/provider.ts'
import { readBffConfig } from '../../bff/src/plugins/config.ts'
import { createHttpClient, type HttpClient } from '../../bff/src/legacy/client.ts'
import { startScreening } from '../support/screening.ts'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '../../shared/src/constants/candidate-statuses.ts'
import { normalizeCandidateStatus } from '../../shared/src/domain/candidate-status.ts'
import { startProduct, type Product } from '../support/product.ts'
import { WITHOUT_INDEX_ENV, rangeHolding, row, type Benchmark, type BenchRow } from './harness.ts'

// Screening benchmarks: the stand-in as the issue sets it — 20 ms latency and 600 calls a
// minute per token — the BFF against the spec's own schedules, side by side in one run.
export const LATENCY_MS = 20
const RATE_LIMIT = 600
const ADMIN = { cnpj: '11222333000181', password: 'demo-admin-2026' }
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
type Row = Record<string, unknown> & { id: number }

export async function legacyToken(product: Product): Promise<string> {
  const response = await fetch(`${product.legacyUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(ADMIN) })
  return ((await response.json()) as { data: { token: string } }).data.token
}

async function legacyGet(product: Product, token: string, path: string): Promise<{ status: number; body: { data: unknown; pagination?: { last_page: number; total: number } } }> {
  const response = await fetch(`${product.legacyUrl}/api${path}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } })
  return { status: response.status, body: (await response.json()) as never }
}

export async function throttleLegacy(product: Product, settings: { latencyMs: number; rateLimitPerMinute: number }) {
  await fetch(`${product.legacyUrl}/__control/settings`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(settings) })
}

/** The longest range ending today (at most the global screening's six months) with at most `cap` candidates, read from the legacy. */
const rangeFor = (product: Product, token: string, cap: number) =>
  rangeHolding(cap, async (start, end) => (await legacyGet(product, token, `/candidatos?start_date=${start}&end_date=${end}&page=1`)).body.pagination!.total)

/** The spec's loading schedule: one page after another, 100 ms between pages. */
async function specLoad(product: Product, token: string, range: { start_date: string; end_date: string }, pauseMs = 100): Promise<Row[]> {
  const rows: Row[] = []
  for (let page = 1; ; page++) {
    const { status, body } = await legacyGet(product, token, `/candidatos?start_date=${range.start_date}&end_date=${range.end_date}&page=${page}`)
    if (status !== 200) throw new Error(`spec load page ${page}: HTTP ${status}`)
    rows.push(...(body.data as Row[]))
    if (page >= body.pagination!.last_page) break
    if (pauseMs > 0) await sleep(pauseMs)
  }
  const excluded = new Set<string>(GLOBAL_SCREENING_EXCLUDED_STATUSES)
  return rows.filter((c) => !excluded.has(normalizeCandidateStatus(String(c.status ?? ''))))
}

/** An in-process BFF on the stand-in process (real HTTP), counting its calls to the legacy. */
export async function inProcessBff(product: Product, scratch: string, screening?: ScreeningProvider) {
  const config = readBffConfig({
    LEGACY_API_URL: `${product.legacyUrl}/api`,
    CEP_API_URL: `${product.legacyUrl}/ws`,
    PUBLIC_ORIGIN: 'http://localhost:3000',
    SESSION_SECRET: 'bench-session-secret-0123456789-abcdefgh',
    STATIC_DIR: '/nonexistent',
    STORE_FILE: join(scratch, `bff-${Date.now()}.sqlite`),
    LOG_LEVEL: 'info',
    // The calls counted are the screening's: the candidate index's upkeep (which waits for jobs) has its own benchmark.
    CANDIDATE_INDEX: 'false',
  })
  const real = createHttpClient({ baseUrl: config.legacyApiUrl, timeoutMs: config.legacyTimeoutMs, retries: config.legacyRetries })
  const calls = { count: 0, writes: 0, throttled: 0 }
  const legacy: HttpClient = {
    async request(request) {
      calls.count++
      if (request.method !== 'GET') calls.writes++
      const response = await real.request(request)
      if (response.status === 429) calls.throttled++
      return response
    },
  }
  // Production's log level and formatting; the lines themselves are dropped, not printed over the table.
  const app = await buildApp(config, { logger: loggerOptions('info', { write() {} }), legacy, screening })
  await app.ready()
  const headers = { 'x-csrf': '1', origin: 'http://localhost:3000', 'content-type': 'application/json' }
  const login = await app.inject({ method: 'POST', url: '/bff/auth/login', headers, payload: JSON.stringify(ADMIN) })
  const cookie = String(login.headers['set-cookie']).split(';')[0]!
  return { app, cookie, headers: { ...headers, cookie }, calls }
}

export const screeningLoadBenchmark: Benchmark = {
  name: 'screening-load',
  description: 'loading ~3,000 candidates for global screening: the BFF vs the spec’s sequential pages, with its 100 ms pauses and without them (20 ms latency, 600/min)',
  async run({ quick, log }) {
    const product = await startProduct(quick ? 3_000 : 12_000, { bffEnv: WITHOUT_INDEX_ENV })
    try {
      const range = await rangeFor(product, await legacyToken(product), quick ? 600 : 3000)
      await throttleLegacy(product, { latencyMs: LATENCY_MS, rateLimitPerMinute: RATE_LIMIT })
      log(`range ${range.start_date}…${range.end_date}: ${range.total} candidates before exclusions`)
      const base = product.url.replace('localhost', '127.0.0.1')
      const bff: number[] = []
      const spec: number[] = []
      const specNoPauses: number[] = []
      let counts = { bff: 0, spec: 0 }
      for (let round = 0; round < (quick ? 1 : 3); round++) {
        // A new login for each run: a fresh token, so neither way eats the other's rate-limit window.
        const login = await fetch(`${base}/bff/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: product.url },
          body: JSON.stringify(ADMIN),
        })
        const cookie = (login.headers.get('set-cookie') ?? '').split(';')[0]!
        let started = performance.now()
        const response = await fetch(`${base}/bff/screening/candidates`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-csrf': '1', origin: product.url, cookie },
          body: JSON.stringify({ mode: 'global', ...range }),
        })
        const answer = (await response.json()) as { total: number; message?: string }
        if (!response.ok) throw new Error(`BFF load: ${response.status} ${answer.message}`)
        bff.push(performance.now() - started)
        started = performance.now()
        const rows = await specLoad(product, await legacyToken(product), range)
        spec.push(performance.now() - started)
        // The same pages without the spec's deliberate pauses: what sequential paging itself costs.
        started = performance.now()
        const unpaused = await specLoad(product, await legacyToken(product), range, 0)
        specNoPauses.push(performance.now() - started)
        counts = { bff: answer.total, spec: rows.length }
        if (unpaused.length !== rows.length) throw new Error(`the spec's pages with and without pauses loaded ${rows.length} vs ${unpaused.length}`)
        log(
          `round ${round + 1}: BFF ${bff.at(-1)!.toFixed(0)} ms (${answer.total}) · spec schedule ${spec.at(-1)!.toFixed(0)} ms (${rows.length}) · without its pauses ${specNoPauses.at(-1)!.toFixed(0)} ms`,
        )
      }
      if (counts.bff !== counts.spec) throw new Error(`the two ways loaded different sets: ${counts.bff} vs ${counts.spec}`)
      return [
        row('screening-load', `BFF, ${counts.bff} candidates`, bff, 'ms'),
        row('screening-load', `spec schedule (100 ms pauses), ${counts.spec} candidates`, spec, 'ms'),
        row('screening-load', `spec's pages without the pauses, ${counts.spec} candidates`, specNoPauses, 'ms'),
        row(
          'screening-load',
          'spec schedule ÷ BFF (same round)',
          spec.map((s, i) => s / bff[i]!),
          '×',
        ),
        row(
          'screening-load',
          'spec pages without pauses ÷ BFF (same round)',
          specNoPauses.map((s, i) => s / bff[i]!),
          '×',
        ),
      ]
    } finally {
      await product.stop()
    }
  },
}

/** A provider that puts every candidate in review: applying then writes a status and note for each. */
const everyoneInReview: ScreeningProvider = {
  name: 'rules',
  model: null,
  fieldsSent: [],
  async screen(_vacancy, candidates) {
    return new Map(candidates.map((c) => [c.id, { outcome: 'revisao' as const, explanation: 'Benchmark: revisar currículo.' }]))
  },
  testConnection: async () => ({ ok: true, message: '' }),
}

/** The spec's apply schedule: one candidate after another, 200 ms between, 2 s after each 10, 5 s wait and one retry on 429. */
/** The spec's write schedule (200 ms between writes, 2 s after every 10, one retry after a 429 in 5 s), each write `body`. */
export async function specApply(
  product: Product,
  token: string,
  ids: number[],
  body: Record<string, unknown> = { status: 'revisao', obs: 'Benchmark: revisar currículo.' },
): Promise<{ ms: number; calls: number; failed: number }> {
  const started = performance.now()
  let calls = 0
  let failed = 0
  const put = async (id: number) => {
    calls++
    return fetch(`${product.legacyUrl}/api/candidatos/${id}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    })
  }
  for (let i = 0; i < ids.length; i += 10) {
    for (const id of ids.slice(i, i + 10)) {
      let response = await put(id)
      if (response.status === 429) {
        await sleep(5000)
        response = await put(id)
      }
      if (!response.ok) failed++
      await sleep(200)
    }
    if (i + 10 < ids.length) await sleep(2000)
  }
  return { ms: performance.now() - started, calls, failed }
}

/**
 * Applying results through the BFF and by the spec's schedule at once, each with its own token
 * (its own rate-limit window), while the recruiter clicks on the BFF's session every 10 s. The
 * figure that matters is writes a minute against the limit: every call the BFF spends on anything
 * else (reading records) is a write it cannot make.
 */
function applyBenchmark({ name, rateLimit, size, quickSize, minutes }: { name: string; rateLimit: number; size: number; quickSize: number; minutes: string }): Benchmark {
  return {
    name,
    description: `applying ~${size.toLocaleString('en')} results: the BFF (one budget per token, people first) vs the spec’s 200 ms / 10 / 2 s schedule, side by side (20 ms latency, ${rateLimit}/min; ~${minutes})`,
    async run({ quick, scratch, log }) {
      const product = await startProduct(quick ? 3_000 : Math.max(3_000, size * 4), { bffEnv: WITHOUT_INDEX_ENV })
      try {
        const range = await rangeFor(product, await legacyToken(product), quick ? quickSize : size)
        const bff = await inProcessBff(product, scratch, everyoneInReview)
        try {
          const start = await startScreening(bff.app, bff.cookie, { mode: 'global', vacancyId: 2, ...range })
          const runId = JSON.parse(start.body).run.id as string
          let view: { run: { status: string; total: number }; results: { candidateId: number }[]; apply: { status: string; updated: number; failed: number; total: number } | null }
          do {
            await sleep(100)
            view = JSON.parse((await bff.app.inject({ method: 'GET', url: `/bff/screening/runs/${runId}`, headers: { cookie: bff.cookie } })).body)
          } while (view.run.status === 'screening')
          const ids = view.results.map((r) => r.candidateId)
          const token = await legacyToken(product)
          await throttleLegacy(product, { latencyMs: LATENCY_MS, rateLimitPerMinute: rateLimit })
          log(`${ids.length} candidates to update, both ways at once (the spec's way takes at least ${Math.round((ids.length * 0.22 + (ids.length / 10) * 2) / 60)} min)`)
          const before = { ...bff.calls }
          const bffStarted = performance.now()
          const bffRun = (async () => {
            await bff.app.inject({ method: 'POST', url: `/bff/screening/runs/${runId}/apply`, headers: { 'x-csrf': '1', origin: 'http://localhost:3000', cookie: bff.cookie } })
            do {
              await sleep(250)
              view = JSON.parse((await bff.app.inject({ method: 'GET', url: `/bff/screening/runs/${runId}`, headers: { cookie: bff.cookie } })).body)
            } while (view.apply?.status === 'applying')
            return performance.now() - bffStarted
          })()
          // The recruiter keeps working on the same session meanwhile: one click (one legacy read)
          // every 10 s; the apply must leave room for every one of them.
          const clicks = { answered: 0, refused: 0 }
          let applying = true
          const clicker = (async () => {
            while (applying) {
              const status = (await bff.app.inject({ method: 'GET', url: `/bff/candidates/${ids[0]}`, headers: { cookie: bff.cookie } })).statusCode
              if (status === 200) clicks.answered++
              else clicks.refused++
              await sleep(10_000)
            }
          })()
          const [bffMs, spec] = await Promise.all([bffRun.finally(() => (applying = false)), specApply(product, token, ids)])
          await clicker
          const calls = bff.calls.count - before.count - clicks.answered - clicks.refused
          const writes = bff.calls.writes - before.writes
          const perMinute = (n: number, ms: number) => n / (ms / 60_000) / rateLimit
          log(
            `BFF ${(bffMs / 1000).toFixed(1)} s, ${calls} calls of which ${writes} writes (${bff.calls.throttled - before.throttled} answered 429), ${view.apply!.updated} updated, ${view.apply!.failed} failed · spec ${(spec.ms / 1000).toFixed(1)} s, ${spec.calls} calls, ${spec.failed} failed · recruiter clicks ${clicks.answered} answered, ${clicks.refused} refused`,
          )
          return [
            row(name, `BFF, ${view.apply!.updated} candidates`, [bffMs / 1000], 's'),
            row(name, `spec schedule, ${ids.length - spec.failed} candidates (write each)`, [spec.ms / 1000], 's'),
            row(name, 'spec time ÷ BFF time', [spec.ms / bffMs], '×'),
            // The write ceiling is what the recruiter's own clicks leave of the limit: the job
            // is meant to spend that, and to leave the clicks alone.
            row(name, 'BFF writes per minute ÷ the limit', [perMinute(writes, bffMs)], 'ratio'),
            row(
              name,
              'BFF writes per minute ÷ (the limit − the recruiter’s calls)',
              [writes / (bffMs / 60_000) / (rateLimit - (clicks.answered + clicks.refused) / (bffMs / 60_000))],
              'ratio',
              {
                min: 0.9,
              },
            ),
            row(name, 'BFF calls per minute ÷ rate limit', [perMinute(calls, bffMs)], 'ratio'),
            row(name, 'spec writes per minute ÷ rate limit', [perMinute(spec.calls, spec.ms)], 'ratio'),
            row(name, 'BFF calls answered 429', [bff.calls.throttled - before.throttled], 'calls'),
            row(
              name,
              `recruiter clicks answered during the apply (${clicks.answered} of ${clicks.answered + clicks.refused})`,
              [clicks.answered / Math.max(1, clicks.answered + clicks.refused)],
              'ratio',
              { min: 1 },
            ),
          ]
        } finally {
          await bff.app.close()
        }
      } finally {
        await product.stop()
      }
    },
  }
}

export const screeningApplyBenchmark = applyBenchmark({ name: 'screening-apply', rateLimit: RATE_LIMIT, size: 3000, quickSize: 30, minutes: '21 min' })
/** The same at a small legacy's limit, where every call counts: ~300 results at 60 calls a minute. */
export const screeningApply60Benchmark = applyBenchmark({ name: 'screening-apply-60', rateLimit: 60, size: 300, quickSize: 10, minutes: '7 min' })

/** An OpenAI-compatible Responses endpoint answering each call after `delayMs`, counting prompt tokens. */
async function responsesStub(delayMs: number) {
  const seen = { calls: 0, promptTokens: 0, maxPromptTokens: 0 }
  const server: Server = createServer((req, res) => {
    let raw = ''
    req.setEncoding('utf8')
    req.on('data', (chunk) => (raw += chunk))
    req.on('end', () => {
      const body = JSON.parse(raw) as {
        instructions?: string
        input: { content: string }[] | string
        text?: { format?: { schema?: { properties: { resultados: { items: { properties: { ref: { enum: string[] } } } } } } } }
      }
      const prompt = `${body.instructions ?? ''}\n${typeof body.input === 'string' ? body.input : body.input.map((m) => m.content).join('\n')}`
      const tokens = countTokens(prompt)
      seen.calls++
      seen.promptTokens += tokens
      seen.maxPromptTokens = Math.max(seen.maxPromptTokens, tokens)
      const refs = body.text?.format?.schema?.properties.resultados.items.properties.ref.enum ?? []
      const text = JSON.stringify({ resultados: refs.map((ref) => ({ ref, resultado: 'TRIADO', justificativa: 'Atende aos critérios.' })) })
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify({
            id: `resp_${seen.calls}`,
            object: 'response',
            status: 'completed',
            model: 'stub',
            output: [{ type: 'message', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }],
            usage: { input_tokens: tokens, output_tokens: 0, total_tokens: tokens },
          }),
        )
      }, delayMs)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}/v1`, seen, close: () => new Promise<void>((resolve) => server.close(() => resolve())) }
}

/** The prompt as the spec describes the browser building it: every candidate, named, in one text. */
function specPrompt(vacancy: Record<string, unknown>, candidates: Row[]): string {
  const lines = [
    'Você é um especialista em recrutamento. Analise os candidatos abaixo para a vaga e responda uma linha por candidato no formato:',
    'CANDIDATO X: TRIADO/REVISÃO/NÃO TRIADO - justificativa',
    `VAGA: ${vacancy.description} | Empresa: ${vacancy.company_name} | Cidade: ${vacancy.city} | Bairro: ${vacancy.bairro} | Requisitos: ${(vacancy.requirements as string[]).join(', ')} | Critérios: ${(vacancy.criterios as string[]).join(', ')}`,
    'REGRAS: idade geral de 18 a 65 anos; estágio: menores de 18 ou maiores de 28 vão para revisão, experiência na área vai para revisão; proximidade: mesmo bairro, mesma cidade, cidades vizinhas até 30 km, acima de 30 km não triado; critérios específicos exigem revisão.',
  ]
  candidates.forEach((c, i) =>
    lines.push(
      `CANDIDATO ${i + 1}:`,
      `Nome: ${c.full_name}`,
      `Idade: ${c.age}`,
      `Cidade: ${c.address_city} | Bairro: ${c.address_neighborhood} | Estado: ${c.address_state}`,
      `Escolaridade: ${c.education} | Curso: ${c.curso ?? ''}`,
      `Experiências: ${[c.experience_1, c.experience_2, c.experience_3].filter(Boolean).join('; ')}`,
      `PCD: ${c.is_pcd ? 'Sim' : 'Não'} | Gênero: ${c.genero}`,
    ),
  )
  return lines.join('\n')
}

export const screeningOpenAiBenchmark: Benchmark = {
  name: 'screening-openai',
  description: 'screening 3,000 candidates with the openai provider against a local stub answering each call in 1.5 s: prompt tokens per candidate vs the spec’s prompt, wall time',
  async run({ quick, log }) {
    const size = quick ? 300 : 3000
    const product = await startProduct(size, { bffEnv: WITHOUT_INDEX_ENV })
    const stub = await responsesStub(1500)
    try {
      const token = await legacyToken(product)
      const candidates: Row[] = []
      for (let page = 1; candidates.length < size; page++) {
        const { body } = await legacyGet(product, token, `/candidatos?page=${page}`)
        candidates.push(...(body.data as Row[]))
        if (page >= body.pagination!.last_page) break
      }
      const vacancy = (await legacyGet(product, token, '/processos_seletivos/1')).body.data as Record<string, unknown>
      const rows: BenchRow[] = []
      const specTokens = countTokens(specPrompt(vacancy, candidates))
      for (const concurrency of [3, 1]) {
        const provider = createOpenAiProvider({
          apiKey: 'sk-bench',
          baseURL: stub.url,
          model: 'stub',
          maxInputTokens: 20_000,
          maxOutputTokens: 8000,
          concurrency,
          timeoutMs: 60_000,
        })
        stub.seen.calls = 0
        stub.seen.promptTokens = 0
        stub.seen.maxPromptTokens = 0
        const started = performance.now()
        const verdicts = await provider.screen(vacancy as never, candidates as never)
        const ms = performance.now() - started
        if (verdicts.size !== candidates.length) throw new Error(`only ${verdicts.size} verdicts`)
        log(
          `concurrency ${concurrency}: ${(ms / 1000).toFixed(1)} s, ${stub.seen.calls} calls, ${stub.seen.promptTokens} prompt tokens (largest call ${stub.seen.maxPromptTokens})`,
        )
        rows.push(row('screening-openai', `wall time, ${candidates.length} candidates, ${stub.seen.calls} calls, ${concurrency} at a time`, [ms / 1000], 's'))
        if (concurrency === 3) {
          rows.push(
            row('screening-openai', 'prompt tokens per candidate: BFF (anonymised JSON, instructions per batch)', [stub.seen.promptTokens / candidates.length], 'tokens'),
            row('screening-openai', 'prompt tokens per candidate: spec prompt format', [specTokens / candidates.length], 'tokens'),
            row('screening-openai', 'largest single prompt: BFF batch', [stub.seen.maxPromptTokens], 'tokens', { max: 20_000 }),
            row('screening-openai', 'largest single prompt: spec (one call for all)', [specTokens], 'tokens'),
          )
        }
      }
      return rows
    } finally {
      await stub.close()
      await product.stop()
    }
  },
}
