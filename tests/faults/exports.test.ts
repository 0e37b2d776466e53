import { request as httpRequest, type IncomingMessage } from 'node:http'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { dateWindows } from '@mini-vagas/shared/domain/dates'
import { freePort, startService, type Service } from '../support/processes.ts'
import { login, startBff, until, type Bff } from './harness.ts'

/**
 * Relatorio.xlsx waits for its reader. A real BFF process in front of a legacy whose
 * report windows are heavy; a real socket whose reader stops reading. What the BFF did is counted
 * in the legacy's reads: a writer that ignored the reader would read every window of the range
 * (and hold the file in memory); one that waits stops after what the socket buffers absorb.
 */
let legacy: Service
let legacyUrl: string
let bff: Bff
let cookie: string
let scratch: string
beforeAll(async () => {
  const port = await freePort()
  legacyUrl = `http://127.0.0.1:${port}`
  legacy = await startService('tests/support/bulky-legacy.ts', { PORT: String(port), ROWS_PER_WINDOW: '800' }, `${legacyUrl}/__reads`)
  scratch = mkdtempSync(join(tmpdir(), 'mv-exports-'))
  bff = await startBff({ url: legacyUrl }, join(scratch, 'bff.sqlite'))
  cookie = await login(bff)
})
afterAll(async () => {
  await bff?.kill()
  await legacy?.stop()
  rmSync(scratch, { recursive: true, force: true })
})

const reads = async () => ((await (await fetch(`${legacyUrl}/__reads`)).json()) as { reads: number }).reads

/** Resolves once the legacy's read count has not moved for `quietMs`: the BFF is waiting (or done). */
async function settled(quietMs = 3_000): Promise<number> {
  let last = await reads()
  let since = Date.now()
  await until('the BFF to stop reading', async () => {
    const now = await reads()
    if (now !== last) [last, since] = [now, Date.now()]
    return Date.now() - since >= quietMs
  })
  return last
}

/** Opens the download and reads nothing after the headers: the reader has paused. */
function pausedDownload(path: string): Promise<{ response: IncomingMessage; abort: () => void }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${bff.url}${path}`, { headers: { cookie } }, (response) => {
      response.pause()
      resolve({ response, abort: () => request.destroy() })
    })
    request.on('error', reject)
    request.end()
  })
}

const RANGE = { start: '2025-01-01', end: '2026-12-31' } // 730 days: 105 windows of the report
const REPORT = `/bff/exports/relatorio.xlsx?start_date=${RANGE.start}&end_date=${RANGE.end}`

describe('relatorio.xlsx under a paused reader', () => {
  const windows = dateWindows(RANGE.start, RANGE.end, 7).length

  it('stops reading the legacy while the reader pauses, goes on when it reads, and sends the whole file', async () => {
    const before = await reads()
    const { response } = await pausedDownload(REPORT)
    expect(response.statusCode).toBe(200)
    const whilePaused = (await settled()) - before
    // What the sockets absorb (the kernel's buffers grow to tens of MB on the loopback: 30–52
    // windows of ~1.8 MB of xlsx measured here), never the range: without back-pressure all 105.
    expect(whilePaused).toBeLessThan(windows * 0.75)
    let bytes = 0
    response.on('data', (chunk: Buffer) => (bytes += chunk.length))
    await new Promise((done, fail) => response.on('end', done).on('error', fail).resume())
    expect((await reads()) - before).toBe(windows)
    // Every window's 800 rows, each with ~3 KB of incompressible text: tens of MB, all delivered.
    expect(bytes).toBeGreaterThan(windows * 800 * 2_000)
  })

  it('stops reading when the reader leaves, and keeps serving', async () => {
    const before = await reads()
    const { abort } = await pausedDownload(REPORT)
    const atAbort = (await settled()) - before
    abort()
    const after = (await settled()) - before
    // At most the window being read and the one read ahead finish after the reader left.
    expect(after - atAbort).toBeLessThanOrEqual(2)
    expect(after).toBeLessThan(windows)
    expect(bff.alive()).toBe(true)
    const health = await fetch(`${bff.url}/healthz`)
    expect(health.status).toBe(200)
    const small = await fetch(`${bff.url}/bff/exports/relatorio.xlsx?start_date=2026-01-01&end_date=2026-01-07`, { headers: { cookie } })
    expect(small.status).toBe(200)
    expect((await small.arrayBuffer()).byteLength).toBeGreaterThan(100_000)
  })
})
