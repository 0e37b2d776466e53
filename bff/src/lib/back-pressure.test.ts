import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { DownloadClosed, roomIn } from './back-pressure.ts'

describe('roomIn', () => {
  it('resolves at once while the stream has room, and on drain once it is full', async () => {
    const out = new PassThrough({ highWaterMark: 4 })
    await roomIn(out)
    out.write('12345')
    let resolved = false
    const waiting = roomIn(out).then(() => (resolved = true))
    await new Promise((r) => setImmediate(r))
    expect(resolved).toBe(false)
    out.read()
    await waiting
    expect(resolved).toBe(true)
  })
  it('rejects with DownloadClosed when the reader leaves while the writer waits, and for a closed stream', async () => {
    const out = new PassThrough({ highWaterMark: 4 })
    out.write('12345')
    const waiting = roomIn(out)
    out.destroy()
    await expect(waiting).rejects.toBeInstanceOf(DownloadClosed)
    await expect(roomIn(out)).rejects.toBeInstanceOf(DownloadClosed)
  })
})
