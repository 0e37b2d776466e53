import { Readable } from 'node:stream'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import nodemailer from 'nodemailer'
import addressparser from 'nodemailer/lib/addressparser'
import MailComposer from 'nodemailer/lib/mail-composer'
import { parseConnectionUrl } from 'nodemailer/lib/shared'
import SMTPConnection from 'nodemailer/lib/smtp-connection'

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
  const sender = (parsed && 'address' in parsed ? parsed.address : undefined) ?? from
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 }
  const transport = nodemailer.createTransport({ url, pool: true, maxConnections: 2, ...timeouts }, { from })
  // The URL's parts as nodemailer reads them (host, port, `smtps:` for TLS, the login).
  const committed = committedSender({ ...(parseConnectionUrl(url) as SMTPConnection.Options & { auth?: SMTPConnection.AuthenticationType }), ...timeouts })
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
      await committed.send({ from: sender, to: [mail.to] }, raw, commit)
      return { messageId: composed.messageId() }
    },
    close: () => {
      transport.close()
      committed.close()
    },
  }
}

/**
 * The SMTP conversations of the sends that end on a commit, on nodemailer's own SMTP client driven
 * here rather than through its pool: the pool reads a message through its MIME pipeline, whose
 * turns of the event loop (`setImmediate`) between the commit and the "."; handed the message's
 * bytes directly, the client sends the "." in the same run of microtasks as the commit
 * (`npm run bench -- mail-commit`, the mark a real store write: 0.43 → 0.07 ms at the median,
 * 1.94 → 0.37 ms at the p99). A crash between the two is the one that loses a message, so that gap
 * is what this narrows.
 *
 * One connection is kept between messages (a job sends one at a time) and closed after a minute
 * idle. A connection the server closed while idle fails before the commit, with nothing sent: the
 * message then goes once more over a new one. After the commit it never goes again.
 */
function committedSender(options: SMTPConnection.Options & { auth?: SMTPConnection.AuthenticationType }) {
  let idle: { connection: SMTPConnection; timer: NodeJS.Timeout } | null = null
  const open = () =>
    new Promise<SMTPConnection>((resolve, reject) => {
      const connection = new SMTPConnection(options)
      // Errors reach the callbacks below; an error with nothing in flight only ends the connection.
      connection.on('error', () => {})
      // Ended while kept (the server's idle timeout, a cut): not taken again.
      connection.once('end', () => {
        if (idle?.connection !== connection) return
        clearTimeout(idle.timer)
        idle = null
      })
      connection.connect((error) => {
        if (error) return reject(error)
        const { auth } = options
        if (!auth) return resolve(connection)
        connection.login(auth, (failed) => (failed ? (connection.close(), reject(failed)) : resolve(connection)))
      })
    })
  const take = async (): Promise<{ connection: SMTPConnection; reused: boolean }> => {
    const kept = idle
    idle = null
    if (!kept) return { connection: await open(), reused: false }
    clearTimeout(kept.timer)
    return { connection: kept.connection, reused: true }
  }
  const keep = (connection: SMTPConnection) => {
    if (idle) idle.connection.quit()
    const timer = setTimeout(() => {
      if (idle?.connection === connection) idle = null
      connection.quit()
    }, 60_000)
    timer.unref()
    idle = { connection, timer }
  }
  /** One message over one connection; `started` says whether the commit was reached. */
  const attempt = (connection: SMTPConnection, envelope: { from: string; to: string[] }, raw: Buffer, commit: () => Promise<void>, state: { started: boolean }) =>
    new Promise<void>((resolve, reject) => {
      let asked = 0
      // The message's bytes go first; the stream asks for more only once the client has taken
      // them (a one-byte high-water mark, and the client reads it only after the server's 354).
      // Then the step is marked sent, and ending the stream sends the ".".
      const data = new Readable({
        highWaterMark: 1,
        read() {
          if (++asked === 1) return void this.push(raw)
          if (asked > 2) return
          state.started = true
          commit().then(
            () => this.push(null),
            (error: unknown) => this.destroy(error instanceof Error ? error : new Error(String(error))),
          )
        },
      })
      let settled = false
      // A copy for each attempt: the client keeps its answers (a refusal among them) on the envelope it is given.
      connection.send({ from: envelope.from, to: [...envelope.to] }, data, (error) => {
        if (settled) return
        settled = true
        if (!error) return resolve()
        // Cut mid-data (a refused commit, a broken connection): never reused, so the server
        // discards what it has. A refusal of the envelope leaves it usable after a reset.
        const code = (error as { responseCode?: number }).responseCode
        if (!state.started && typeof code === 'number' && code >= 400 && code !== 421) connection.reset((failed) => (failed ? connection.close() : keep(connection)))
        else connection.close()
        reject(error)
      })
    })
  return {
    async send(envelope: { from: string; to: string[] }, raw: Buffer, commit: () => Promise<void>) {
      const state = { started: false }
      let { connection, reused } = await take()
      for (;;) {
        try {
          await attempt(connection, envelope, raw, commit, state)
          return keep(connection)
        } catch (error) {
          const code = (error as { responseCode?: number }).responseCode
          if (!reused || state.started || (typeof code === 'number' && code !== 421)) throw error
          // A kept connection the server had ended: nothing was sent, so once more over a new one.
          connection = await open()
          reused = false
        }
      }
    },
    close() {
      if (idle) {
        clearTimeout(idle.timer)
        idle.connection.quit()
        idle = null
      }
    },
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
