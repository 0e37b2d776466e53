import { DatabaseSync } from 'node:sqlite'
import { join } from 'node:path'
import net from 'node:net'
import { Readable } from 'node:stream'
import nodemailer from 'nodemailer'
import MailComposer from 'nodemailer/lib/mail-composer'
import { startMailCatcher } from '../../infra/mail-catcher/src/catcher.ts'
import { createSmtpMailer } from '../../bff/src/plugins/mailer.ts'
import { row, type Benchmark } from './harness.ts'

const FROM = 'Mini Vagas <vagas@mini-vagas.example>'
const TEXT = 'Olá, Ana!\n\nObrigado por se candidatar à vaga de Auxiliar Administrativo na Padaria Bom Preço. '.repeat(8)

/**
 * The moment a bulk e-mail can be lost: between its step's mark in the store ("sent") and the "."
 * that makes the SMTP server take it. A SIGKILL there loses that one message (reported unconfirmed on
 * its person); anywhere else nothing is lost or doubled. This times that gap for every message, as
 * the shipped mailer sends it (nodemailer's SMTP client handed the message's bytes) beside the way
 * it used to (nodemailer's pool reading the same bytes through its message pipeline), alternating
 * message by message to one real SMTP server (the tests' mail catcher) in this process.
 *
 * The mark is a real conditional UPDATE on a SQLite store in WAL mode, as `claimSent` is; the gap runs from
 * its return to the write of the "." into the socket (net.Socket#write, wrapped). What it does not
 * show: on PostgreSQL the mark's answer travels back over the loopback first (not timed here), and a
 * loaded machine stretches every gap. The SMTP server runs in this process, so the pool's turns of
 * the event loop also run its callbacks, as a BFF's would run its other requests'. The share of kills that would lose a message is the gap over
 * the time between messages (25 ms at the fault test's 2,400 a minute, 1 s at the default 60).
 */
export const mailCommitBenchmark: Benchmark = {
  name: 'mail-commit',
  description: 'a bulk e-mail’s loss window: from the step’s mark in the store to the "." leaving, as shipped vs through nodemailer’s pool',
  async run({ quick, scratch, log }) {
    const messages = quick ? 40 : 1000
    const catcher = await startMailCatcher()
    const url = `smtp://127.0.0.1:${catcher.smtpPort}`
    const db = new DatabaseSync(join(scratch, 'mail-commit.db'))
    db.exec("PRAGMA journal_mode = WAL; CREATE TABLE steps (id INTEGER PRIMARY KEY, state TEXT NOT NULL DEFAULT 'pending')")
    const insert = db.prepare('INSERT INTO steps (id) VALUES (?)')
    for (let i = 0; i < messages * 2; i++) insert.run(i)
    const claim = db.prepare("UPDATE steps SET state = 'done' WHERE id = ? AND state = 'pending'")

    let markedAt = 0
    const write = net.Socket.prototype.write
    const gap: Record<'shipped' | 'pool', number[]> = { shipped: [], pool: [] }
    let timing: 'shipped' | 'pool' = 'shipped'
    net.Socket.prototype.write = function (this: net.Socket, chunk: unknown, ...rest: unknown[]) {
      if (markedAt && (Buffer.isBuffer(chunk) ? chunk.subarray(-3).toString('latin1') : String(chunk).slice(-3)) === '.\r\n') {
        gap[timing].push(performance.now() - markedAt)
        markedAt = 0
      }
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest)
    } as typeof write
    const mark = (id: number) => async () => {
      if (claim.run(id).changes !== 1) throw new Error(`step ${id} marked twice`)
      markedAt = performance.now()
    }

    const shipped = createSmtpMailer({ url, from: FROM })
    // The way it used to go: the pool, the message's bytes as a stream ended at the mark.
    const pool = nodemailer.createTransport({ url, pool: true, maxConnections: 2 }, { from: FROM })
    const throughPool = async (to: string, commit: () => Promise<void>) => {
      const raw = await new MailComposer({ from: FROM, to, subject: 'Sobre a sua candidatura', text: TEXT }).compile().build()
      let asked = 0
      const data = new Readable({
        highWaterMark: 1,
        read() {
          if (++asked === 1) return void this.push(raw)
          if (asked === 2) void commit().then(() => this.push(null))
        },
      })
      await pool.sendMail({ envelope: { from: 'vagas@mini-vagas.example', to: [to] }, raw: data })
    }
    try {
      for (let i = 0; i < messages; i++) {
        timing = 'shipped'
        await shipped.send({ to: `pessoa${i}@example.com`, subject: 'Sobre a sua candidatura', text: TEXT }, { commit: mark(2 * i) })
        timing = 'pool'
        await throughPool(`pessoa${i}@example.com`, mark(2 * i + 1))
      }
    } finally {
      net.Socket.prototype.write = write
      shipped.close()
      pool.close()
      db.close()
      await catcher.close()
    }
    if (catcher.messages.length !== messages * 2) throw new Error(`the server took ${catcher.messages.length} of ${messages * 2}`)
    const ms = (samples: number[]) => samples.map((s) => Math.round(s * 1000) / 1000)
    const rows = [
      row('mail-commit', 'mark → "." as shipped (nodemailer SMTP client)', ms(gap.shipped), 'ms'),
      row('mail-commit', 'mark → "." through nodemailer’s pool (before)', ms(gap.pool), 'ms'),
    ]
    const [a, b] = rows
    log(`pool ÷ shipped, medians: ${(b!.median / a!.median).toFixed(1)}×; p99: ${(b!.p99! / a!.p99!).toFixed(1)}×`)
    // What a random kill would lose at the fault test's pace (a message every 25 ms), in percent.
    rows.push(row('mail-commit', 'share of random kills that lose one, at 2,400/min — shipped', [(a!.median / 25) * 100], '%'))
    rows.push(row('mail-commit', 'share of random kills that lose one, at 2,400/min — pool', [(b!.median / 25) * 100], '%'))
    return rows
  },
}
