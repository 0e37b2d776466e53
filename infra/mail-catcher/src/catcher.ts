import { createServer as createHttpServer, type Server as HttpServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { simpleParser } from 'mailparser'
import { SMTPServer } from 'smtp-server'

/** One message as the SMTP server received it: the envelope, the parsed parts and the raw source. */
export interface CaughtMessage {
  id: number
  receivedAt: string
  /** The envelope (who the client said it is for), which may differ from the headers. */
  from: string
  to: string[]
  messageId: string
  subject: string
  text: string
  html: string
  /** Every header, lower-cased names, as received. */
  headers: Record<string, string>
  attachments: { filename: string; contentType: string; content: string }[]
  raw: string
}

export interface MailCatcher {
  smtpPort: number
  httpPort: number
  messages: CaughtMessage[]
  /**
   * Called with each message once kept, before the server answers the client that it took it —
   * where a fault test kills the sender: the message is the server's, the sender never heard so.
   */
  onMessage: ((message: CaughtMessage) => void) | null
  close(): Promise<void>
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

/**
 * A real SMTP server (the `smtp-server` package, no TLS, any login accepted) that keeps every
 * message it accepts in memory, and an HTTP view of them: `GET /messages` (JSON, `?to=` filters by
 * recipient), `DELETE /messages`, and `/` for a person (the demo's mailbox). A message counts once
 * its DATA is complete: a connection cut before the final dot leaves nothing, as with any MTA.
 */
export async function startMailCatcher({ smtpPort = 0, httpPort = 0, host = '127.0.0.1' }: { smtpPort?: number; httpPort?: number; host?: string } = {}): Promise<MailCatcher> {
  const messages: CaughtMessage[] = []
  const catcher: MailCatcher = { smtpPort: 0, httpPort: 0, messages, onMessage: null, close: async () => {} }
  let next = 1
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 10 * 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('error', callback)
      stream.on('end', () => {
        const raw = Buffer.concat(chunks)
        simpleParser(raw)
          .then((parsed) => {
            const headers: Record<string, string> = {}
            for (const line of parsed.headerLines) headers[line.key] = line.line.slice(line.line.indexOf(':') + 1).trim()
            const message: CaughtMessage = {
              id: next++,
              receivedAt: new Date().toISOString(),
              from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
              to: session.envelope.rcptTo.map((r) => r.address),
              messageId: parsed.messageId ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: typeof parsed.html === 'string' ? parsed.html : '',
              headers,
              attachments: parsed.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content.toString('utf8') })),
              raw: raw.toString('utf8'),
            }
            messages.push(message)
            catcher.onMessage?.(message)
            callback()
          })
          .catch((error: Error) => callback(error))
      })
    },
  })
  await new Promise<void>((resolve, reject) => {
    smtp.once('error', reject)
    smtp.listen(smtpPort, host, () => resolve())
  })
  // smtp-server reports client errors (a cut connection) here; they are the client's, not ours.
  smtp.on('error', () => {})

  const http: HttpServer = createHttpServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://catcher')
    if (url.pathname === '/messages' && request.method === 'DELETE') {
      messages.length = 0
      response.writeHead(204).end()
      return
    }
    if (url.pathname === '/messages') {
      const to = url.searchParams.get('to')?.toLowerCase()
      const found = to ? messages.filter((m) => m.to.some((a) => a.toLowerCase() === to)) : messages
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(found))
      return
    }
    if (url.pathname === '/healthz') {
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok')
      return
    }
    if (url.pathname === '/') {
      const rows = [...messages]
        .reverse()
        .map((m) => `<article><h2>${escape(m.subject)}</h2><p>Para ${escape(m.to.join(', '))} · ${escape(m.receivedAt)}</p><pre>${escape(m.text)}</pre></article>`)
        .join('')
      response
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" })
        .end(
          `<!doctype html><html lang="pt-BR"><meta charset="utf-8"><title>E-mails enviados (demonstração)</title><style>body{font-family:sans-serif;max-width:50rem;margin:auto;padding:1rem}pre{white-space:pre-wrap;background:#f4f4f4;padding:1rem}</style><h1>E-mails enviados pelo Mini Vagas (demonstração)</h1>${rows || '<p>Nenhum e-mail ainda.</p>'}</html>`,
        )
      return
    }
    response.writeHead(404).end()
  })
  await new Promise<void>((resolve) => http.listen(httpPort, host, resolve))
  Object.assign(catcher, {
    smtpPort: (smtp.server.address() as AddressInfo).port,
    httpPort: (http.address() as AddressInfo).port,
    async close() {
      await new Promise<void>((resolve) => http.close(() => resolve()))
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    },
  })
  return catcher
}
