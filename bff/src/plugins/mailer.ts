import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import MailComposer from 'nodemailer/lib/mail-composer'

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
  calendar?: { method: 'PUBLISH' | 'REQUEST' | 'CANCEL'; content: string; filename: string }
}

export interface Mailer {
  /** False when no SMTP server was configured: a feature that needs mail says so instead of pretending. */
  readonly configured: boolean
  /**
   * Hands the message to the SMTP server; resolves when it accepted it (its 250), rejects otherwise.
   * With `commit`, the whole message is sent but the end of its data (the "." that makes the server
   * take it) waits for `commit` to resolve — a job records "sent" there, so a crash before leaves
   * the server a cut message it discards, and a crash after leaves a record that says sent. If
   * `commit` rejects, the message is abandoned the same way.
   */
  send(mail: OutgoingMail, options?: { commit?: () => Promise<void> }): Promise<{ messageId: string }>
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
  // The envelope's sender: the address in MAIL_FROM ("Name <address>").
  const parsed = addressparser(from)[0]
  const sender = parsed && 'address' in parsed ? parsed.address : from
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 2, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }, { from })
  return {
    configured: true,
    async send(mail, options = {}) {
      const message = {
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        ...(mail.messageId ? { messageId: mail.messageId } : {}),
        ...(mail.headers ? { headers: mail.headers } : {}),
        ...(mail.calendar ? { icalEvent: { method: mail.calendar.method, filename: mail.calendar.filename, content: mail.calendar.content } } : {}),
      }
      const { commit } = options
      if (!commit) return { messageId: String((await transport.sendMail(message)).messageId) }
      const composed = new MailComposer(message).compile()
      const raw = await composed.build()
      // The message's bytes go first; the stream asks for more only once the SMTP client has taken
      // them (a one-byte high-water mark, and the client reads it only after the server's 354) —
      // that is when the step is marked sent, then the stream ends and the client sends the ".".
      // What is left between the mark and the "." is a few event-loop turns.
      let asked = 0
      const data = new Readable({
        highWaterMark: 1,
        read() {
          if (++asked === 1) return void this.push(raw)
          if (asked > 2) return
          commit().then(
            () => this.push(null),
            (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
          )
        },
      })
      await transport.sendMail({ envelope: { from: sender, to: [mail.to] }, raw: data })
      return { messageId: composed.messageId() }
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
