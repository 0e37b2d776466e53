import { createHash, randomBytes } from 'node:crypto'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { HttpError, tryAgainLater } from '../lib/http-error.ts'
import { createAttemptLimiter } from './attempt-limiter.ts'
import type { Migration, Store } from './store.ts'

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS applicant_links (digest TEXT PRIMARY KEY, purpose TEXT NOT NULL, email TEXT NOT NULL, subject TEXT NOT NULL,
     expires_at BIGINT NOT NULL, created_at BIGINT NOT NULL);
   CREATE INDEX IF NOT EXISTS applicant_links_expiry ON applicant_links (expires_at);`,
]

/** What a link sent to an applicant lets its holder do, and nothing else: follow their applications, stop messages, or answer one interview invitation. */
export type ApplicantLinkPurpose = 'candidaturas' | 'descadastro' | 'entrevista'
const PURPOSES: readonly ApplicantLinkPurpose[] = ['candidaturas', 'descadastro', 'entrevista']

export interface OpenedLink {
  /** The address the link was sent to: whoever holds the link reads that mailbox. */
  email: string
  /** What the link is about within its purpose (empty when the purpose needs nothing more). */
  subject: string
  expiresAt: number
}

export interface ApplicantLinks {
  /** A new link's secret (43 characters, 256 random bits); the store keeps only its digest. */
  issue(link: { purpose: ApplicantLinkPurpose; email: string; subject?: string; ttlMs: number }): Promise<string>
  /** What a secret opens for `purpose`; null for one unknown, altered, expired or issued for another purpose. */
  open(secret: string, purpose: ApplicantLinkPurpose): Promise<OpenedLink | null>
  /**
   * A route's opening of a link: counted per client (120 in 15 minutes per purpose, to keep a flood
   * off the store), then what it opens, or a 410 with `gone` — the one refusal for every link that
   * does not open.
   */
  opened(ip: string, secret: string, purpose: ApplicantLinkPurpose, gone: string): Promise<OpenedLink>
}

const digestOf = (secret: string) => createHash('sha256').update(secret).digest('hex')
const SECRET = /^[A-Za-z0-9_-]{43}$/

/**
 * Links sent to applicants, who have no account: a random secret in the link, its SHA-256 digest in
 * the store with what it is for, for whom and until when. Nothing in the link can be changed to
 * widen it (the purpose, the address and the expiry are the store's), a guess has 2^256 to search,
 * and the store's copy is useless to anyone who reads it. The same refusal answers every link that
 * does not open, so none tells what exists (docs/decisions/applicant-links.md).
 */
export function createApplicantLinks(store: Store, now: () => number): ApplicantLinks {
  let issued = 0
  const limiters = Object.fromEntries(
    PURPOSES.map((purpose) => [purpose, createAttemptLimiter({ store, bucket: `applicant-link-open-${purpose}`, limit: 120, windowMs: 15 * 60_000, now })]),
  ) as Record<ApplicantLinkPurpose, ReturnType<typeof createAttemptLimiter>>
  const links: ApplicantLinks = {
    async issue({ purpose, email, subject = '', ttlMs }) {
      const secret = randomBytes(32).toString('base64url')
      const t = now()
      await store.run('INSERT INTO applicant_links (digest, purpose, email, subject, expires_at, created_at) VALUES (?, ?, ?, ?, ?, ?)', [
        digestOf(secret),
        purpose,
        email,
        subject,
        t + ttlMs,
        t,
      ])
      // Expired links go now and then: a bounded table whatever the traffic.
      if (++issued % 100 === 1) await store.run('DELETE FROM applicant_links WHERE expires_at < ?', [t - 86_400_000])
      return secret
    },
    async open(secret, purpose) {
      if (!SECRET.test(secret)) return null
      const row = await store.get<{ purpose: string; email: string; subject: string; expires_at: number }>(
        'SELECT purpose, email, subject, expires_at FROM applicant_links WHERE digest = ?',
        [digestOf(secret)],
      )
      if (!row || row.purpose !== purpose || Number(row.expires_at) <= now()) return null
      return { email: row.email, subject: row.subject, expiresAt: Number(row.expires_at) }
    },
    async opened(ip, secret, purpose, gone) {
      const limiter = limiters[purpose]
      const wait = await limiter.blockedFor(ip)
      if (wait > 0) throw tryAgainLater('Muitos pedidos.', wait)
      await limiter.record(ip)
      const link = await links.open(secret, purpose)
      if (!link) throw new HttpError(410, gone)
      return link
    },
  }
  return links
}

declare module 'fastify' {
  interface FastifyInstance {
    applicantLinks: ApplicantLinks
  }
}

export const applicantLinksPlugin = fp(
  async function applicantLinks(app: FastifyInstance) {
    await app.store.migrate('applicant-links', MIGRATIONS)
    app.decorate('applicantLinks', createApplicantLinks(app.store, app.now))
  },
  { name: 'applicant-links', dependencies: ['runtime', 'store'] },
)
