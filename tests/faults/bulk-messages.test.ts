import { DatabaseSync } from 'node:sqlite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BulkJob } from '../../shared/src/schemas/pipeline.ts'
import { whatsappNumber } from '../../shared/src/domain/messages.ts'
import { startMetaStub, type MetaStub } from '../support/meta-stub.ts'
import { login, messagingFaults, until, type Bff } from './harness.ts'

// A bulk message under real faults: 500 people (and some who asked not to be contacted) of one
// vacancy, the sending instance SIGKILLed three times — at random points, and once the moment the
// server takes a message, before the instance hears so — the job carried on by new instances (two
// asked at once the last time), then what the server received is counted: one message per person,
// none to those who opted out, nobody outside the selection. By e-mail to a real SMTP server, and
// by WhatsApp to a stand-in of Meta's Cloud API over real HTTP.
// Enough candidates for a vacancy of 520 people with distinct e-mails.
const faults = messagingFaults({ candidates: 14_000, env: { LEGACY_LATENCY_MS: '5' } })
const { bed } = faults
let meta: MetaStub
const SENT = 500
const OPTED_OUT = 20

beforeAll(async () => {
  meta = await startMetaStub()
})
afterAll(async () => {
  await meta?.close()
})

const headers = (bff: Bff, cookie: string) => ({ 'x-csrf': '1', origin: bff.url, 'content-type': 'application/json', cookie })
const send = (bff: Bff, cookie: string, method: string, path: string, body: unknown = {}) =>
  fetch(`${bff.url}${path}`, { method, headers: headers(bff, cookie), body: JSON.stringify(body) })
const jobOn = async (bff: Bff, cookie: string, id: string) => ((await (await fetch(`${bff.url}/bff/bulk/${id}`, { headers: { cookie } })).json()) as { job: BulkJob }).job

/** The largest vacancy's people with distinct, valid addresses (e-mail or WhatsApp number), as the stand-in's database holds them. */
function people(by: 'email' | 'whatsapp'): { vacancyId: number; byAddress: Map<string, number> } {
  const db = new DatabaseSync(faults.legacy.db, { readOnly: true })
  try {
    const { id } = db.prepare('SELECT job_posting_id AS id FROM candidates GROUP BY job_posting_id ORDER BY COUNT(*) DESC LIMIT 1').get() as { id: number }
    const rows = db.prepare('SELECT id, email, whatsapp FROM candidates WHERE job_posting_id = ? ORDER BY id').all(id) as {
      id: number
      email: string | null
      whatsapp: string | null
    }[]
    const byAddress = new Map<string, number>()
    for (const r of rows) {
      const address = by === 'email' ? (/@.+\./.test(r.email ?? '') ? r.email!.trim().toLowerCase() : null) : whatsappNumber(r.whatsapp)
      if (address && !byAddress.has(address)) byAddress.set(address, r.id)
    }
    return { vacancyId: id, byAddress }
  } finally {
    db.close()
  }
}

/** What one channel's server is, for the test: what it received (each message's one address), and a hook on each taking. */
interface Receiver {
  received: () => string[]
  onTake: (hook: (() => void) | null) => void
}
const receivers: Record<'email' | 'whatsapp_api', () => Receiver> = {
  email: () => ({
    received: () => faults.catcher.messages.flatMap((m) => m.to.map((to) => to.toLowerCase())),
    onTake: (hook) => void (faults.catcher.onMessage = hook),
  }),
  whatsapp_api: () => ({ received: () => meta.messages.map((m) => m.to), onTake: (hook) => void (meta.onMessage = hook) }),
}

/**
 * Starts a bulk message to 500 people of one vacancy (20 more opted out) and kills its instance
 * three times as described above; the job's end, the people chosen, and what the server received.
 */
async function sendThroughThreeKills(engine: 'sqlite' | 'postgres', channel: 'email' | 'whatsapp_api', env: Record<string, string>) {
  const receiver = receivers[channel]()
  const instanceOn = await bed.stores[engine]()
  let instance = await instanceOn(env)
  const cookie = await login(instance)
  const { vacancyId, byAddress } = people(channel === 'email' ? 'email' : 'whatsapp')
  const chosen = [...byAddress].slice(0, SENT + OPTED_OUT)
  expect(chosen.length).toBe(SENT + OPTED_OUT)
  const optedOut = chosen.slice(0, OPTED_OUT)
  for (const [, id] of optedOut) expect((await send(instance, cookie, 'PUT', `/bff/candidates/${id}/contact`, { optedOut: true })).status).toBe(200)
  const started = await send(instance, cookie, 'POST', '/bff/bulk', {
    action: 'message',
    vacancyId,
    ids: chosen.map(([, id]) => id),
    purpose: 'retorno_negativo',
    channel,
  })
  expect(started.status).toBe(202)
  const jobId = ((await started.json()) as { job: BulkJob }).job.id
  const taken = () => receiver.received().length
  const kills: string[] = []
  for (let life = 0; life < 3; life++) {
    if (life === 1) {
      // The sharpest point: the instance dies the moment the server takes a message, before it
      // hears so. That message is the server's; the job must not send it again.
      const child = instance.service.child
      const at = taken() + 20 + Math.floor(Math.random() * 40)
      receiver.onTake(() => {
        if (taken() === at) child.kill('SIGKILL')
      })
      await until('the server to take the message the instance dies on', async () => taken() >= at, 60_000)
      receiver.onTake(null)
    } else await new Promise((r) => setTimeout(r, 1500 + Math.floor(Math.random() * 2500)))
    kills.push(`${taken()}/${SENT}`)
    await instance.kill()
    if (life < 2) {
      instance = await instanceOn(env)
      await until('the job to be carried on', async () => (await send(instance, cookie, 'POST', `/bff/bulk/${jobId}/resume`)).status === 202)
    } else {
      // Two instances asked at once as soon as the lease runs out: one takes it.
      const [a, b] = [await instanceOn(env), await instanceOn(env)]
      let answers: number[] = []
      await until('a taker', async () => {
        answers = (await Promise.all([send(a, cookie, 'POST', `/bff/bulk/${jobId}/resume`), send(b, cookie, 'POST', `/bff/bulk/${jobId}/resume`)])).map((r) => r.status)
        return answers.includes(202)
      })
      expect(answers.sort()).toEqual([202, 409])
      instance = a
    }
  }
  console.log(`${channel}, ${engine}: SIGKILL when the server held ${kills.join(', ')}`)
  expect(kills.filter((k) => Number(k.split('/')[0]) < SENT).length).toBeGreaterThanOrEqual(2)
  await until('the job to end', async () => (await jobOn(instance, cookie, jobId)).status !== 'running', 180_000)
  const final = await jobOn(instance, cookie, jobId)
  expect(final).toMatchObject({ status: 'done', total: SENT + OPTED_OUT, done: SENT, skipped: OPTED_OUT, failed: 0 })

  const received = new Map<string, number>()
  for (const to of receiver.received()) received.set(to, (received.get(to) ?? 0) + 1)
  // Never twice, never to who opted out, nobody outside the selection.
  expect([...received].filter(([, n]) => n > 1)).toEqual([])
  expect(optedOut.filter(([address]) => received.has(address))).toEqual([])
  const chosenAddresses = new Set(chosen.map(([address]) => address))
  expect([...received.keys()].filter((address) => !chosenAddresses.has(address))).toEqual([])
  // Exactly once: a message is missing only if the instance died between marking it sent and the
  // server taking it — and then the job says so on that person. The instance killed as the server
  // took a message leaves that one unconfirmed, delivered.
  const unconfirmed = new Set(final.failures.filter((f) => /antes de o (servidor de e-mail|WhatsApp) confirmar/.test(f.message)).map((f) => f.candidateId))
  const missing = chosen.slice(OPTED_OUT).filter(([address]) => !received.has(address))
  console.log(`${channel}, ${engine}: received ${received.size} of ${SENT}; unconfirmed ${unconfirmed.size}; missing ${missing.length}`)
  expect(missing.filter(([, id]) => !unconfirmed.has(id))).toEqual([])
  expect(unconfirmed.size).toBeGreaterThanOrEqual(1)
  expect(unconfirmed.size).toBeLessThanOrEqual(kills.length)
  expect(receiver.received().length).toBe(SENT - missing.length)
}

describe('a bulk e-mail under real faults', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'SIGKILL at random points three times, carried on by new instances (%s): the SMTP server got exactly one message per person, none for who opted out',
    async (engine) => {
      faults.catcher.messages.length = 0
      await sendThroughThreeKills(engine, 'email', { SMTP_URL: `smtp://127.0.0.1:${faults.catcher.smtpPort}`, MAIL_PER_MINUTE: '2400' })
      // Each one whole: the template's words, and the link to stop messages.
      for (const m of faults.catcher.messages.slice(0, 5)) {
        expect(m.subject).toMatch(/^Sobre a sua candidatura para /)
        expect(m.text).toMatch(/Não quer mais receber mensagens do Mini Vagas\? Abra: http:\/\/localhost:\d+\/descadastro#[A-Za-z0-9_-]{43}/)
      }
    },
    300_000,
  )
})

describe('a bulk WhatsApp message under real faults', () => {
  it.each(['sqlite', 'postgres'] as const)(
    'SIGKILL at random points three times, carried on by new instances (%s): Meta got exactly one template per number, none for who opted out',
    async (engine) => {
      meta.messages.length = 0
      await sendThroughThreeKills(engine, 'whatsapp_api', meta.bffEnv('retorno_negativo=mv_retorno(nome,vaga)', { WHATSAPP_PER_MINUTE: '2400' }))
      for (const m of meta.messages.slice(0, 5))
        expect(m).toMatchObject({ type: 'template', template: { name: 'mv_retorno' }, biz_opaque_callback_data: expect.stringMatching(/^mv:\d+:retorno_negativo$/) })
    },
    300_000,
  )
})
