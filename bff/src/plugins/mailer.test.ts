import type { AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { SMTPServer, type SMTPServerOptions } from 'smtp-server'
import { afterEach, describe, expect, it } from 'vitest'
import { createSmtpMailer, type Mailer } from './mailer.ts'

// The mailer against a real SMTP server (smtp-server, as the tests' mail catcher): what it holds
// is what a message's sender would have delivered.
interface Server {
  url: (login?: string) => string
  /** Messages taken (after their final "."), with their envelope's recipients. */
  taken: { to: string[]; raw: string }[]
  /** Messages whose data began (the client was past DATA), whether or not they ended. */
  begun: number
  close(): Promise<void>
}

const open: { server?: Server; mailer?: Mailer }[] = []
afterEach(async () => {
  for (const { server, mailer } of open.splice(0)) {
    mailer?.close()
    await server?.close()
  }
})

async function smtpServer(options: Partial<SMTPServerOptions> = {}): Promise<Server> {
  const taken: Server['taken'] = []
  const server: Server = { url: () => '', taken, begun: 0, close: async () => {} }
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    ...options,
    onData(stream, session, callback) {
      server.begun++
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        taken.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        callback()
      })
    },
  })
  smtp.on('error', () => {})
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
  const port = (smtp.server.address() as AddressInfo).port
  server.url = (login) => `smtp://${login ? `${login}@` : ''}127.0.0.1:${port}`
  server.close = () => new Promise<void>((resolve) => smtp.close(() => resolve()))
  return server
}

function mailerFor(server: Server, login?: string) {
  const mailer = createSmtpMailer({ url: server.url(login), from: 'Mini Vagas <vagas@mini-vagas.example>' })
  open.push({ server, mailer })
  return mailer
}

const mail = (to: string) => ({ to, subject: 'Sobre a sua candidatura', text: 'Ola!\n.\nUma linha com um ponto antes, que o SMTP escapa.' })

describe('a send that ends on a commit', () => {
  it('sends the whole message but its end, waits for the commit, then the server takes it once', async () => {
    const server = await smtpServer()
    const mailer = mailerFor(server)
    let release: () => void = () => {}
    let committing = false
    const sent = mailer.send(mail('ana@example.com'), {
      commit: () => {
        committing = true
        return new Promise<void>((resolve) => (release = resolve))
      },
    })
    await expect.poll(() => committing).toBe(true)
    // The data is under way and the commit holds its end: the server has taken nothing.
    await sleep(200)
    expect(server.begun).toBe(1)
    expect(server.taken).toEqual([])
    release()
    const { messageId } = await sent
    expect(server.taken).toHaveLength(1)
    expect(server.taken[0]!.to).toEqual(['ana@example.com'])
    expect(server.taken[0]!.raw).toContain(`Message-ID: ${messageId}`)
    expect(server.taken[0]!.raw).toContain('\r\n.\r\nUma linha com um ponto antes')
  })

  it('a refused commit leaves the server a cut message, which it discards; the next message goes out', async () => {
    const server = await smtpServer()
    const mailer = mailerFor(server)
    await expect(mailer.send(mail('ana@example.com'), { commit: () => Promise.reject(new Error('já enviada por outra instância')) })).rejects.toThrow(/outra instância/)
    await sleep(100)
    expect(server.begun).toBe(1)
    expect(server.taken).toEqual([])
    await mailer.send(mail('bia@example.com'), { commit: async () => {} })
    expect(server.taken.map((m) => m.to)).toEqual([['bia@example.com']])
  })

  it('keeps one connection between messages, and when the server ended it while idle sends over a new one, once', async () => {
    const connections: string[] = []
    // The server drops a connection after 300 ms without a command.
    const server = await smtpServer({ socketTimeout: 300, onConnect: (session, callback) => (connections.push(session.id), callback()) })
    const mailer = mailerFor(server)
    let commits = 0
    const commit = async () => void commits++
    await mailer.send(mail('ana@example.com'), { commit })
    await mailer.send(mail('bia@example.com'), { commit })
    expect(connections).toHaveLength(1)
    await sleep(800)
    await mailer.send(mail('caio@example.com'), { commit })
    expect(server.taken.map((m) => m.to[0])).toEqual(['ana@example.com', 'bia@example.com', 'caio@example.com'])
    expect(commits).toBe(3)
    expect(connections).toHaveLength(2)
  })

  it('a kept connection the server turns away before the data (421) is left, and the message goes once over a new one', async () => {
    const connections: string[] = []
    const asked = new Map<string, number>()
    const server = await smtpServer({
      onConnect: (session, callback) => (connections.push(session.id), callback()),
      // Each connection takes one message; asked for a second, the server is going away.
      onMailFrom: (address, session, callback) => {
        asked.set(session.id, (asked.get(session.id) ?? 0) + 1)
        return asked.get(session.id)! > 1 ? callback(Object.assign(new Error('Serviço indisponível, tente de novo'), { responseCode: 421 })) : callback()
      },
    })
    const mailer = mailerFor(server)
    let commits = 0
    const commit = async () => void commits++
    await mailer.send(mail('ana@example.com'), { commit })
    await mailer.send(mail('bia@example.com'), { commit })
    expect(server.taken.map((m) => m.to[0])).toEqual(['ana@example.com', 'bia@example.com'])
    expect(commits).toBe(2)
    expect(connections).toHaveLength(2)
  })

  it("refused by the server before its data (an unknown recipient): rejected with the server's code, no commit; the connection serves the next", async () => {
    const connections: string[] = []
    const server = await smtpServer({
      onConnect: (session, callback) => (connections.push(session.id), callback()),
      onRcptTo: (address, session, callback) =>
        address.address.startsWith('ninguem') ? callback(Object.assign(new Error('Caixa inexistente'), { responseCode: 550 })) : callback(),
    })
    const mailer = mailerFor(server)
    let commits = 0
    const commit = async () => void commits++
    await expect(mailer.send(mail('ninguem@example.com'), { commit })).rejects.toMatchObject({ responseCode: 550 })
    expect(commits).toBe(0)
    await mailer.send(mail('ana@example.com'), { commit })
    expect(server.taken.map((m) => m.to[0])).toEqual(['ana@example.com'])
    expect(connections).toHaveLength(1)
  })

  it("logs in with the URL's user and password; a wrong password is refused before any data", async () => {
    const logins: string[] = []
    const server = await smtpServer({
      authOptional: false,
      allowInsecureAuth: true,
      onAuth: (auth, session, callback) =>
        auth.username === 'vagas' && auth.password === 's3nh@ forte'
          ? (logins.push(auth.username), callback(null, { user: auth.username }))
          : callback(Object.assign(new Error('Senha incorreta'), { responseCode: 535 })),
    })
    const mailer = mailerFor(server, `vagas:${encodeURIComponent('s3nh@ forte')}`)
    await mailer.send(mail('ana@example.com'), { commit: async () => {} })
    expect(logins).toEqual(['vagas'])
    expect(server.taken).toHaveLength(1)

    const wrong = createSmtpMailer({ url: server.url('vagas:errada'), from: 'vagas@mini-vagas.example' })
    open.push({ mailer: wrong })
    let commits = 0
    await expect(wrong.send(mail('bia@example.com'), { commit: async () => void commits++ })).rejects.toMatchObject({ responseCode: 535 })
    expect(commits).toBe(0)
    expect(server.taken).toHaveLength(1)
  })
})
