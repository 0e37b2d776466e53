/** Business constants and limits of docs/product.md, Limits, named once. */
export const CANDIDATES_PAGE_SIZE = 20
export const PAGINATION_SIBLINGS = 2

export const SCREENING_MAX_CANDIDATES = 3000
export const SCREENING_WARN_CANDIDATES = 2400
export const SCREENING_GLOBAL_MAX_MONTHS = 6
/** A day in milliseconds (a calendar day in Fortaleza, which keeps no daylight saving time). */
export const DAY_MS = 86_400_000
/** The product takes a month as 30.44 days for the global screening cap. */
export const DAYS_PER_MONTH = 30.44
export const SCREENING_COMPANY_ALL_FROM = '2020-01-01'
export const VACANCY_SUGGESTIONS_MAX = 10
export const SUGGESTION_HIDE_DELAY_MS = 200
export const APPLY_BATCH_SIZE = 10
export const RATE_LIMIT_WAIT_MS = 5000
export const STALE_PROGRESS_MS = 60 * 60 * 1000

export const TOAST_MS_SCREENING = 5000
export const TOAST_MS_DEFAULT = 4000
/** How long a status change's "Desfazer" stays offered (longer while pointed at or focused). */
export const TOAST_MS_UNDO = 8000
export const BACK_AFTER_SAVE_MS = 1500

export const CNPJ_DIGITS = 14
export const CNPJ_MASKED_LENGTH = 18
export const AGE_MIN = 14
export const AGE_MAX = 100
export const SEARCH_MIN_CHARS = 4

/** Product-wide time zone: the agency works in Ceará and Rio Grande do Norte. */
export const TIME_ZONE = 'America/Fortaleza'
