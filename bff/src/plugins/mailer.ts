import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'

/** One message: plain text always (read everywhere), HTML when the sender has it, an invitation when there is one. */
export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html?: string
  /** Fixed by the sender when a message must keep one identity (`<…@…>`); nodemailer makes one otherwise. */
  messageId?: string
  headers?: Record<string, string>
  /** An iCalendar invitation (`text/calendar; method=…`), which mail programs offer to add to a calendar. */
  calendar?: { method: 'REQUEST' | 'CANCEL'; content: string; filename: string }
}

export interface Mailer {
  /** False when no SMTP server was configured: a feature that needs mail says so instead of pretending. */
  readonly configured: boolean
  /** Hands the message to the SMTP server; resolves when it accepted it (its 250), rejects otherwise. */
  send(mail: OutgoingMail): Promise<{ messageId: string }>
  close(): void
}

export class MailNotConfigured extends Error {
  constructor() {
    super('SMTP_URL is not set')
  }
}

/**
 * E-mail over SMTP through nodemailer: pooled connections to the operator's server (`SMTP_URL`,
 * `smtp://user:pass@host:port`, or `smtps://` for implicit TLS), real multipart messages, bounded
 * waits so a stalled server fails a send instead of holding it.
 */
export function createSmtpMailer({ url, from }: { url: string; from: string }): Mailer {
  if (!url) {
    return {
      configured: false,
      send: () => Promise.reject(new MailNotConfigured()),
      close() {},
    }
  }
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from })
  return {
    configured: true,
    async send(mail) {
      const info = await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, filename: mail.calendar.filename, content: mail.calendar.content } } : {}),
      })
      return { messageId: String(info.messageId) }
    },
    close: () => transport.close(),
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: Mailer
  }
}

/** `app.mailer`: the SMTP server's door, or the one a test passes in. */
export const mailerPlugin = fp(
  async function mailer(app: FastifyInstance, options: { mailer?: Mailer | undefined }) {
    const mailer = options.mailer ?? createSmtpMailer({ url: app.config.smtpUrl, from: app.config.mailFrom })
    app.decorate('mailer', mailer)
    app.addHook('onClose', () => mailer.close())
  },
  { name: 'mailer', dependencies: ['runtime'] },
)
