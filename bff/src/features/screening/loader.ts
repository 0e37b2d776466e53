import { overCapMessage } from '@mini-vagas/shared/domain/screening-range-fit'
import { GLOBAL_SCREENING_EXCLUDED_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { SCREENING_MAX_CANDIDATES, SCREENING_WARN_CANDIDATES } from '@mini-vagas/shared/constants/limits'
import { normalizeCandidateStatus } from '@mini-vagas/shared/domain/candidate-status'
import { checkScreeningRange, dayRangeInstants, todayDate, type ScreeningMode } from '@mini-vagas/shared/domain/dates'
import { HttpError } from '../../lib/http-error.ts'
import { LegacyRefusal } from '../../legacy/errors.ts'
import { UpstreamError } from '../../legacy/client.ts'
import type { LegacyGateway } from '../../legacy/gateway.ts'

type Row = Record<string, unknown> & { id: number }

export const LOAD_MESSAGES = {
  server: 'Erro no servidor. Tente reduzir o período de datas ou verificar a conexão.',
  tooMany: 'Muitas requisições. Aguarde alguns segundos e tente novamente.',
  other: 'Erro ao carregar candidatos da vaga.',
  laterPage: (n: number) => `Erro ao carregar página ${n}. Continuando com os candidatos já carregados.`,
  partialRun: (loaded: number, expected: number, page: number) =>
    `Carga parcial: ${loaded.toLocaleString('pt-BR')} de ${expected.toLocaleString('pt-BR')} candidatos do período foram carregados (a página ${page} falhou); os demais não entraram nesta triagem. Busque os candidatos novamente para uma triagem completa.`,
  cap: (n: number) => overCapMessage(n),
  warn: (n: number) => `Atenção: ${n.toLocaleString('pt-BR')} candidatos carregados; o limite por triagem é ${SCREENING_MAX_CANDIDATES.toLocaleString('pt-BR')}.`,
  none: 'Nenhum candidato encontrado para triagem',
} as const

/** The first failure of a load, in the product's words (docs/product.md, Texts) and with the right status. */
function firstFailure(error: unknown): unknown {
  if (error instanceof UpstreamError) return new HttpError(error.kind === 'timeout' ? 504 : 502, LOAD_MESSAGES.server)
  if (!(error instanceof LegacyRefusal)) return error
  if (error.kind === 'busy') return new HttpError(429, LOAD_MESSAGES.tooMany, error.headers ? { headers: error.headers } : {})
  if (error.kind === 'session') return error
  if (error.kind === 'down') return new HttpError(502, LOAD_MESSAGES.server)
  return new HttpError(502, LOAD_MESSAGES.other)
}

/**
 * Candidate loading for screening (docs/product.md, AI screening; Validation; Texts; Limits). Company mode: the vacancy's candidates
 * created in the range. Global mode: every candidate created in the range except aprovado,
 * contratado and entrevista_presencial, read page by page a few at a time, paced by the legacy's
 * own rate-limit headers and 429s (the token's budget, legacy/budget.ts) instead of the agency app's fixed pauses.
 * `legacy` is the person's; `bulk` the same token as a bulk read (its pages go behind other clicks).
 */
export function createScreeningLoader() {
  return {
    async load(input: { mode: ScreeningMode; vacancyId?: number | undefined; start_date: string; end_date: string }, legacy: LegacyGateway, bulk: LegacyGateway) {
      const check = checkScreeningRange(input.mode, { start: input.start_date, end: input.end_date }, todayDate())
      if (!check.ok) throw new HttpError(422, check.message, { errors: { start_date: [check.message] } })
      const dates = { start_date: input.start_date, end_date: input.end_date }
      const warnings: string[] = []
      let rows: Row[]
      /** Set when a later page failed: what was read of how many the legacy has for the range. */
      let partial: string | null = null

      if (input.mode === 'empresa') {
        if (!input.vacancyId) throw new HttpError(422, 'Selecione uma vaga para executar a triagem', { errors: { vacancyId: ['Selecione uma vaga para executar a triagem'] } })
        let read: Row[]
        try {
          read = (await legacy.vacancies.candidates(input.vacancyId)) as Row[]
        } catch (error) {
          throw error instanceof LegacyRefusal && error.kind === 'missing' ? new HttpError(404, 'Vaga não encontrada.') : firstFailure(error)
        }
        const { from, until } = dayRangeInstants(input.start_date, input.end_date)
        rows = read.filter((c) => {
          const t = Date.parse(String(c.created_at ?? ''))
          return t >= from.getTime() && t < until.getTime()
        })
      } else {
        // The recruiter waits for these pages, but other clicks on the same token still go first.
        const page = (n: number) => bulk.candidates.page(n, dates)
        let head: Awaited<ReturnType<typeof page>>
        try {
          head = await page(1)
        } catch (error) {
          throw firstFailure(error)
        }
        // The exclusions can only shrink the count, so a range far over the cap is refused before
        // reading thousands of pages; the exact cap is checked after the exclusions below.
        if (head.pagination.total > SCREENING_MAX_CANDIDATES * 2) throw new HttpError(422, LOAD_MESSAGES.cap(head.pagination.total))
        rows = [...head.items]
        // Pages go out a few at a time (the budget bounds how many and how fast); loading stops at the
        // first page that fails, keeping the pages before it (docs/product.md, Texts).
        let failedAt: number | null = null
        const CHUNK = 8
        for (let n = 2; n <= head.pagination.last_page && failedAt === null; n += CHUNK) {
          const numbers = Array.from({ length: Math.min(CHUNK, head.pagination.last_page - n + 1) }, (_, i) => n + i)
          const pages = await Promise.all(numbers.map((p) => page(p).catch(() => null)))
          for (const [i, read] of pages.entries()) {
            if (!read) {
              failedAt = numbers[i]!
              break
            }
            rows.push(...(read.items as Row[]))
          }
        }
        if (failedAt !== null) {
          warnings.push(LOAD_MESSAGES.laterPage(failedAt))
          partial = LOAD_MESSAGES.partialRun(rows.length, head.pagination.total, failedAt)
        }
        const excluded = new Set<string>(GLOBAL_SCREENING_EXCLUDED_STATUSES)
        rows = rows.filter((c) => !excluded.has(normalizeCandidateStatus(String(c.status ?? ''))))
      }

      if (rows.length === 0) throw new HttpError(422, LOAD_MESSAGES.none)
      if (rows.length > SCREENING_MAX_CANDIDATES) throw new HttpError(422, LOAD_MESSAGES.cap(rows.length))
      if (rows.length > SCREENING_WARN_CANDIDATES) warnings.push(LOAD_MESSAGES.warn(rows.length))
      return { total: rows.length, warnings, candidates: rows, partial }
    },
  }
}
export type ScreeningLoader = ReturnType<typeof createScreeningLoader>
