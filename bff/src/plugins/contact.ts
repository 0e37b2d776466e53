import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { SITE_NAME } from '@mini-vagas/shared/constants/site'
import { emailKey } from '@mini-vagas/shared/domain/candidate-identity'
import { contactKeys, DEFAULT_TEMPLATES, MESSAGE_PURPOSES, MESSAGE_TEXTS, type MessagePurpose, type MessageTemplate } from '@mini-vagas/shared/domain/messages'
import { inList, type Migration, type Store } from './store.ts'

const MIGRATIONS: Migration[] = [
  `CREATE TABLE IF NOT EXISTS message_templates (purpose TEXT PRIMARY KEY, subject TEXT NOT NULL, body TEXT NOT NULL, updated_by TEXT NOT NULL, updated_at TEXT NOT NULL);
   CREATE TABLE IF NOT EXISTS contact_optouts (contact_key TEXT PRIMARY KEY, source TEXT NOT NULL, by TEXT NOT NULL, at TEXT NOT NULL);`,
]

/** How long the "não quero mais receber" link in each e-mail opens. */
const UNSUBSCRIBE_DAYS = 180
/** Where a mail program posts a one-click request to stop messages (the secret in its query: the BFF logs paths only). */
export const ONE_CLICK_PATH = '/descadastro/um-clique'
/** Keys per query when many records are checked at once. */
const OPT_OUT_SLICE = 1000

export interface StoredTemplate extends MessageTemplate {
  /** Still the product's own words (never changed, or put back). */
  standard: boolean
  updatedBy: string | null
  updatedAt: string | null
}

/**
 * What every way of writing to candidates shares (docs/product.md, Messages): the templates — the
 * product's words until an admin changes them — and the people who asked not to be contacted, by
 * e-mail and by WhatsApp, whoever recorded it (the person through a link, or staff). Every e-mail
 * carries a link to stop them.
 */
export function createContact({ store, now, publicOrigin, issueLink }: { store: Store; now: () => number; publicOrigin: string; issueLink: (email: string) => Promise<string> }) {
  return {
    async templates(): Promise<StoredTemplate[]> {
      const rows = await store.all<{ purpose: string; subject: string; body: string; updated_by: string; updated_at: string }>('SELECT * FROM message_templates')
      const saved = new Map(rows.map((r) => [r.purpose, r]))
      return MESSAGE_PURPOSES.map(({ value }) => {
        const row = saved.get(value)
        return row
          ? { purpose: value, subject: row.subject, body: row.body, standard: false, updatedBy: row.updated_by, updatedAt: row.updated_at }
          : { ...DEFAULT_TEMPLATES[value], standard: true, updatedBy: null, updatedAt: null }
      })
    },
    async template(purpose: MessagePurpose): Promise<StoredTemplate> {
      return (await this.templates()).find((t) => t.purpose === purpose)!
    },
    /** Keeps an admin's words for a purpose; null puts the product's back. */
    async saveTemplate(purpose: MessagePurpose, words: { subject: string; body: string } | null, by: string) {
      if (!words) return void (await store.run('DELETE FROM message_templates WHERE purpose = ?', [purpose]))
      await store.run(
        `INSERT INTO message_templates (purpose, subject, body, updated_by, updated_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (purpose) DO UPDATE SET subject = excluded.subject, body = excluded.body, updated_by = excluded.updated_by, updated_at = excluded.updated_at`,
        [purpose, words.subject, words.body, by, new Date(now()).toISOString()],
      )
    },
    /** When and how the person of a record asked not to be contacted (by its e-mail or its WhatsApp); null when they did not. */
    async optOut(record: { email?: unknown; whatsapp?: unknown }): Promise<{ source: string; at: string } | null> {
      const keys = contactKeys(record)
      if (keys.length === 0) return null
      const row = await store.get<{ source: string; at: string }>(
        `SELECT source, at FROM contact_optouts WHERE contact_key IN (${keys.map(() => '?').join(', ')}) ORDER BY at LIMIT 1`,
        keys,
      )
      return row ?? null
    },
    /** Which of some records' people asked not to be contacted (by e-mail or WhatsApp): their ids. */
    async optedOutAmong(records: readonly { id?: unknown; email?: unknown; whatsapp?: unknown }[]): Promise<number[]> {
      const byKey = new Map<string, number[]>()
      for (const r of records) for (const key of contactKeys(r)) byKey.set(key, [...(byKey.get(key) ?? []), Number(r.id)])
      if (byKey.size === 0) return []
      const keys = [...byKey.keys()]
      // In slices: a board of 15,000 people has 30,000 keys, near the engines' limit on a query's parameters.
      const found: { contact_key: string }[] = []
      for (let i = 0; i < keys.length; i += OPT_OUT_SLICE) {
        const slice = inList(keys.slice(i, i + OPT_OUT_SLICE))
        found.push(...(await store.all<{ contact_key: string }>(`SELECT contact_key FROM contact_optouts WHERE contact_key IN (${slice.marks})`, slice.values, { samePlan: true })))
      }
      return [...new Set(found.flatMap((f) => byKey.get(f.contact_key) ?? []))]
    },
    /** Records that the person of these keys asked not to be contacted (again: nothing changes). */
    async addOptOut(keys: readonly string[], source: 'link' | 'equipe' | 'whatsapp', by: string) {
      const at = new Date(now()).toISOString()
      for (const key of keys)
        await store.run('INSERT INTO contact_optouts (contact_key, source, by, at) VALUES (?, ?, ?, ?) ON CONFLICT (contact_key) DO NOTHING', [key, source, by, at])
    },
    async removeOptOut(keys: readonly string[]) {
      for (const key of keys) await store.run('DELETE FROM contact_optouts WHERE contact_key = ?', [key])
    },
    /**
     * How every e-mail to a person ends: its closing lines (who sent it and the link that stops
     * them), and the headers that let the mail program offer the same in one click (RFC 8058:
     * `List-Unsubscribe` with an address it POSTs to, `List-Unsubscribe-Post`), which Gmail and
     * Yahoo ask of anyone who sends in bulk. Both carry one secret, good only to stop messages to
     * this address.
     */
    async signOff(email: string): Promise<{ text: string; headers: Record<string, string> }> {
      const secret = await issueLink(emailKey(email))
      return {
        text: `\n\n—\n${SITE_NAME}\n${MESSAGE_TEXTS.unsubscribeLine.replace('{link}', `${publicOrigin}/descadastro#${secret}`)}`,
        headers: {
          'List-Unsubscribe': `<${publicOrigin}${ONE_CLICK_PATH}?t=${secret}>`,
          'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
        },
      }
    },
  }
}
export type Contact = ReturnType<typeof createContact>

declare module 'fastify' {
  interface FastifyInstance {
    contact: Contact
  }
}

export const contactPlugin = fp(
  async function contact(app: FastifyInstance) {
    await app.store.migrate('contact', MIGRATIONS)
    app.decorate(
      'contact',
      createContact({
        store: app.store,
        now: app.now,
        publicOrigin: app.config.publicOrigin,
        issueLink: (email) => app.applicantLinks.issue({ purpose: 'descadastro', email, ttlMs: UNSUBSCRIBE_DAYS * 86_400_000 }),
      }),
    )
  },
  { name: 'contact', dependencies: ['runtime', 'store', 'applicant-links'] },
)
