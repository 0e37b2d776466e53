/** An error the browser may see: a status and a Portuguese message (the one error shape). */
export class HttpError extends Error {
  readonly statusCode: number
  readonly errors?: Record<string, string[]>
  readonly headers?: Record<string, string>
  /** The legacy API refused the session's token: the cookie must go. */
  readonly clearSession: boolean
  constructor(statusCode: number, message: string, extra: { errors?: Record<string, string[]>; headers?: Record<string, string>; clearSession?: boolean } = {}) {
    super(message)
    this.statusCode = statusCode
    this.clearSession = extra.clearSession ?? false
    if (extra.errors) this.errors = extra.errors
    if (extra.headers) this.headers = extra.headers
  }
}

/** The catalogue of messages the BFF itself writes (docs/product.md, Texts where it has one). */
export const MESSAGES = {
  noSession: 'Sua sessão expirou. Faça login novamente.',
  forbidden: 'Você não tem permissão para acessar este recurso.',
  csrf: 'Requisição recusada por segurança. Recarregue a página e tente novamente.',
  json: 'Envie os dados no formato JSON.',
  tooLarge: 'Os dados enviados são grandes demais.',
  notFound: 'Não encontrado.',
  badInput: 'Dados inválidos. Verifique os campos e tente novamente.',
  tooMany: 'Muitas requisições. Aguarde alguns segundos e tente novamente.',
  upstreamDown: 'O sistema de vagas está indisponível no momento. Tente novamente em instantes.',
  upstreamSlow: 'O sistema de vagas demorou demais para responder. Tente novamente em instantes.',
  internal: 'Erro interno. Tente novamente em instantes.',
  writeUnconfirmed: 'O sistema de vagas não confirmou a alteração a tempo; ela pode ter sido salva. Confira antes de tentar de novo.',
  storeDown: 'O banco de dados do Mini Vagas está indisponível no momento; nada foi alterado. Tente novamente em instantes.',
  loginFailed: 'Erro ao fazer login',
} as const

/**
 * A form's field messages ({ field: message }, an undefined message meaning the field is fine) as
 * the one 422 shape: throws when any field has a message, does nothing otherwise.
 */
export function refuseFieldErrors(errors: Readonly<Record<string, string | undefined>>): void {
  const present = Object.entries(errors).filter((e): e is [string, string] => e[1] !== undefined)
  if (present.length > 0) throw new HttpError(422, MESSAGES.badInput, { errors: Object.fromEntries(present.map(([k, v]) => [k, [v]])) })
}

/** A limit reached: 429 with Retry-After, `what` happened and when to try again, in minutes. */
export const tryAgainLater = (what: string, seconds: number) =>
  new HttpError(429, `${what} Tente novamente em ${Math.ceil(seconds / 60)} minuto(s).`, { headers: { 'retry-after': String(seconds) } })
