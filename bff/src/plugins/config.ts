import { createEnvReader } from '@mini-vagas/shared/domain/env'
import { isLoopback, readListenAddress, readTrustedProxies, type ListenAddress, type TrustedProxies } from './network-settings.ts'
import { parseWhatsAppTemplates, type WhatsAppTemplates } from '@mini-vagas/shared/domain/whatsapp-templates'

/**
 * The BFF's configuration, read once at start from the environment (see docs/operations.md).
 * Every missing or invalid variable is named in one error.
 */
export interface BffConfig {
  production: boolean
  host: string
  port: number
  /** The origin the browser uses (scheme://host[:port]); unsafe requests from any other are refused. */
  publicOrigin: string
  /** Base URL of the legacy API, ending in /api. */
  legacyApiUrl: string
  /** Base URL of a ViaCEP-shaped postal-code service (…/ws). */
  cepApiUrl: string
  /** First seals, all open: rotate by prepending a new secret and later dropping the old one. */
  sessionSecrets: string[]
  sessionIdleMinutes: number
  sessionAbsoluteHours: number
  cookieSecure: boolean
  /** Overall deadline of one legacy call, retries included. */
  legacyTimeoutMs: number
  /** Extra attempts for safe reads (GET) after a network failure or a 502/503/504. */
  legacyRetries: number
  bodyLimitBytes: number
  publicCacheSeconds: number
  /** The proxies in front whose X-Forwarded-For names the client (rate limits, logs); false: none. */
  trustProxy: TrustedProxies
  staticDir: string
  logLevel: string
  /** Login attempts per client IP, and failed ones per CNPJ, in a 15-minute window. */
  loginLimitPerIp: number
  loginLimitPerCnpj: number
  /**
   * Whether the agency's own legacy login (a CNPJ of role admin) may sign in to the BFF; off once
   * every person of the team has their own account (docs/accounts.md). Companies always may.
   */
  agencyCnpjLogin: boolean
  /** How long an invitation or new-password link an admin hands over stays usable. */
  teamLinkHours: number
  /** The SMTP server the product sends mail through (`smtp://user:pass@host:port`, `smtps://…`); empty: no mail. */
  smtpUrl: string
  /** Who the product's messages come from. */
  mailFrom: string
  /** The most e-mails a bulk send hands the SMTP server a minute (its pace). */
  mailPerMinute: number
  /** How long a link sent to an applicant ("Minhas candidaturas") stays usable. */
  applicantLinkHours: number
  /** How often each instance looks for interview reminders that are due. */
  reminderSweepSeconds: number
  /** WhatsApp Business Cloud API (optional): all four set, or none. */
  whatsapp: {
    apiUrl: string
    token: string
    phoneNumberId: string
    appSecret: string
    verifyToken: string
    /** A Meta-approved template whose one body variable is a "Minhas candidaturas" link (WHATSAPP_LINK_TEMPLATE). */
    linkTemplate: { name: string; language: string } | null
    /** Meta-approved templates per purpose, for bulk sends and reminders (WHATSAPP_TEMPLATES). */
    templates: WhatsAppTemplates
    /** Their language at Meta (WHATSAPP_TEMPLATE_LANGUAGE). */
    language: string
  } | null
  /** A bulk send through the Cloud API: messages a minute (Meta allows 80 a second; the tier caps a day's people). */
  whatsappPerMinute: number
  screeningRunsPerHour: number
  storeRetentionDays: number
  /** How long the audit trail keeps its events: 183 days, about the AI Act's 6-month minimum for logs. */
  auditRetentionDays: number
  /** How long an apply's owner may go silent before another instance takes the run over. */
  jobLeaseSeconds: number
  /** The candidate index (docs/decisions/candidate-index.md): off, lists read the legacy as before. */
  candidateIndex: boolean
  /** How old a window of the index may grow before it is read again from the legacy. */
  candidateIndexRefreshSeconds: number
  legacyRegisterPath: string
  /** Empty: screening uses the deterministic rules provider (and the screen says so). */
  /** The BFF's own store: a SQLite file, or ':memory:' (used when no DATABASE_URL is set). */
  storeFile: string
  /** PostgreSQL (`postgres://…`), shared by every instance; empty: the SQLite file. */
  databaseUrl: string
  /** On SIGTERM, how long the jobs' current steps may take before the process exits anyway. */
  shutdownGraceSeconds: number
  /** Bearer token for GET /metrics; empty: the main listener does not serve /metrics. */
  metricsToken: string
  /** A listener of its own for GET /metrics (`host:port`), where the operator chooses; null: none. */
  metricsAddress: ListenAddress | null
  openaiApiKey: string
  openaiBaseUrl: string
  openaiModel: string
  openaiMaxInputTokens: number
  openaiConcurrency: number
  /** Gender and PcD go to the model only when the operator turns this on (LGPD Art. 11: disability data is sensitive). */
  openaiSendSensitive: boolean
}

/** Only for local runs: production refuses to start without SESSION_SECRET. */
export const DEVELOPMENT_SESSION_SECRET = 'development-only-secret-change-me-0123456789'

export function readBffConfig(env: Record<string, string | undefined> = process.env): BffConfig {
  const read = createEnvReader(env)
  const production = env.NODE_ENV === 'production'
  const secrets = read.list('SESSION_SECRET', production ? undefined : [DEVELOPMENT_SESSION_SECRET])
  if (secrets.some((s) => s.length < 32)) read.problems.push('SESSION_SECRET: each secret must be at least 32 characters')
  const config: BffConfig = {
    production,
    host: read.string('HOST', '127.0.0.1'),
    port: read.int('PORT', 3000, 0, 65535),
    publicOrigin: read.url('PUBLIC_ORIGIN', 'http://localhost:3000'),
    legacyApiUrl: read.url('LEGACY_API_URL', production ? undefined : 'http://127.0.0.1:8000/api'),
    cepApiUrl: read.url('CEP_API_URL', production ? 'https://viacep.com.br/ws' : 'http://127.0.0.1:8000/ws'),
    sessionSecrets: secrets,
    sessionIdleMinutes: read.int('SESSION_IDLE_MINUTES', 30, 1, 24 * 60),
    sessionAbsoluteHours: read.int('SESSION_ABSOLUTE_HOURS', 12, 1, 24 * 30),
    cookieSecure: read.bool('COOKIE_SECURE', production),
    legacyTimeoutMs: read.int('LEGACY_TIMEOUT_MS', 10_000, 100, 120_000),
    legacyRetries: read.int('LEGACY_RETRIES', 2, 0, 5),
    bodyLimitBytes: read.int('BODY_LIMIT_BYTES', 1_048_576, 1024, 50 * 1_048_576),
    publicCacheSeconds: read.int('PUBLIC_CACHE_SECONDS', 30, 0, 3600),
    trustProxy: readTrustedProxies(env.TRUST_PROXY, read.problems),
    staticDir: read.string('STATIC_DIR', 'web/dist'),
    logLevel: read.string('LOG_LEVEL', production ? 'info' : 'warn'),
    loginLimitPerIp: read.int('LOGIN_LIMIT_PER_IP', 30, 1, 100_000),
    loginLimitPerCnpj: read.int('LOGIN_LIMIT_PER_CNPJ', 10, 1, 100_000),
    agencyCnpjLogin: read.bool('AGENCY_CNPJ_LOGIN', true),
    teamLinkHours: read.int('TEAM_LINK_HOURS', 72, 1, 24 * 14),
    smtpUrl: readSmtpUrl(env.SMTP_URL, read.problems),
    mailFrom: read.string('MAIL_FROM', 'Mini Vagas <nao-responda@minivagas.local>'),
    mailPerMinute: read.int('MAIL_PER_MINUTE', 60, 1, 100_000),
    whatsappPerMinute: read.int('WHATSAPP_PER_MINUTE', 600, 1, 4_800),
    applicantLinkHours: read.int('APPLICANT_LINK_HOURS', 24, 1, 24 * 7),
    reminderSweepSeconds: read.int('REMINDER_SWEEP_SECONDS', 30, 1, 3600),
    whatsapp: readWhatsApp(env, read.url('WHATSAPP_API_URL', 'https://graph.facebook.com/v21.0'), read.problems),
    screeningRunsPerHour: read.int('SCREENING_RUNS_PER_HOUR', 20, 1, 10_000),
    storeRetentionDays: read.int('STORE_RETENTION_DAYS', 30, 1, 3650),
    auditRetentionDays: read.int('AUDIT_RETENTION_DAYS', 183, 30, 3650),
    jobLeaseSeconds: read.int('JOB_LEASE_SECONDS', 30, 1, 3600),
    candidateIndex: read.bool('CANDIDATE_INDEX', true),
    candidateIndexRefreshSeconds: read.int('CANDIDATE_INDEX_REFRESH_SECONDS', 600, 5, 86_400),
    legacyRegisterPath: read.string('LEGACY_REGISTER_PATH', '/auth/register'),
    storeFile: read.string('STORE_FILE', '.data/bff.sqlite'),
    databaseUrl: env.DATABASE_URL?.trim() ?? '',
    shutdownGraceSeconds: read.int('SHUTDOWN_GRACE_SECONDS', 10, 1, 600),
    metricsToken: env.METRICS_TOKEN?.trim() ?? '',
    metricsAddress: readListenAddress('METRICS_ADDRESS', env.METRICS_ADDRESS, read.problems),
    openaiApiKey: env.OPENAI_API_KEY?.trim() ?? '',
    openaiBaseUrl: read.url('OPENAI_BASE_URL', 'https://api.openai.com/v1'),
    openaiModel: read.string('OPENAI_MODEL', 'gpt-4.1-mini'),
    openaiMaxInputTokens: read.int('OPENAI_MAX_INPUT_TOKENS', 20_000, 2_000, 1_000_000),
    openaiConcurrency: read.int('OPENAI_CONCURRENCY', 3, 1, 16),
    openaiSendSensitive: read.bool('OPENAI_SEND_SENSITIVE', false),
  }
  // Metrics name routes, counts and timings of everything the BFF does: in production they are
  // never served to anyone who can reach a public address without the token.
  if (production && config.metricsAddress && !config.metricsToken && !isLoopback(config.metricsAddress.host)) {
    read.problems.push(`METRICS_ADDRESS=${env.METRICS_ADDRESS?.trim()} would serve /metrics beyond this host without METRICS_TOKEN: set METRICS_TOKEN, or bind it to 127.0.0.1`)
  }
  if (config.publicOrigin && new URL(config.publicOrigin).pathname !== '/') read.problems.push('PUBLIC_ORIGIN must be an origin, without a path')
  read.assertValid('BFF')
  return config
}

/** SMTP_URL: empty (no mail), or an smtp:// or smtps:// URL with a host. */
function readSmtpUrl(value: string | undefined, problems: string[]): string {
  const text = value?.trim() ?? ''
  if (!text) return ''
  try {
    const url = new URL(text)
    if ((url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname) return text
  } catch {
    // Said below.
  }
  problems.push('SMTP_URL must be smtp://[user:pass@]host[:port] or smtps://…')
  return ''
}

/** The Cloud API's four settings: all of them (the provider is on), or none (click-to-chat only). */
function readWhatsApp(env: Record<string, string | undefined>, apiUrl: string, problems: string[]): BffConfig['whatsapp'] {
  const names = ['WHATSAPP_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_APP_SECRET', 'WHATSAPP_VERIFY_TOKEN'] as const
  const [token, phoneNumberId, appSecret, verifyToken] = names.map((n) => env[n]?.trim() ?? '')
  const given = names.filter((n) => env[n]?.trim())
  if (given.length === 0) return null
  if (given.length < names.length) {
    problems.push(`WhatsApp Cloud API: set all of ${names.join(', ')} (missing: ${names.filter((n) => !given.includes(n)).join(', ')})`)
    return null
  }
  const template = env.WHATSAPP_LINK_TEMPLATE?.trim() ?? ''
  const language = env.WHATSAPP_TEMPLATE_LANGUAGE?.trim() || 'pt_BR'
  const templates = parseWhatsAppTemplates(env.WHATSAPP_TEMPLATES ?? '')
  problems.push(...templates.problems)
  return {
    apiUrl: apiUrl.replace(/\/$/, ''),
    token: token!,
    phoneNumberId: phoneNumberId!,
    appSecret: appSecret!,
    verifyToken: verifyToken!,
    linkTemplate: template ? { name: template, language } : null,
    templates: templates.templates,
    language,
  }
}
