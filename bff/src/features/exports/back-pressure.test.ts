import { randomBytes } from 'node:crypto'
import { PassThrough } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { DownloadClosed, isFull, roomIn, zipInputs } from './back-pressure.ts'

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

describe('zipInputs (exceljs does not pass the zip’s back-pressure on)', () => {
  it('finds where a streaming sheet’s chunks wait to be zipped; a writer that waits on them keeps that buffer small', async () => {
    const { default: ExcelJS } = await import('exceljs')
    const out = new PassThrough()
    out.resume() // a reader as fast as the loopback: `out` itself never asks the writer to wait
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useSharedStrings: false })
    const sheet = workbook.addWorksheet('x')
    // 4 MB of text that does not compress away, written in one go as exceljs allows.
    const text = (i: number) => `${i}:${randomBytes(7_500).toString('base64')}`
    for (let i = 0; i < 400; i++) sheet.addRow([text(i)]).commit()
    const inner = zipInputs(sheet)
    expect(inner.length).toBeGreaterThan(0)
    const buffered = () => inner.reduce((sum, s) => sum + ((s as unknown as { _writableState: { length: number } })._writableState.length ?? 0), 0)
    // Unheeded, the chunks pile up in front of the deflate, and the writer is told to wait.
    expect(buffered()).toBeGreaterThan(1_000_000)
    expect(isFull(out, inner)).toBe(true)
    await roomIn(out, inner)
    expect(buffered()).toBe(0)
    // Waiting before each row, the pile stays within a chunk or two.
    let peak = 0
    for (let i = 0; i < 400; i++) {
      if (isFull(out, zipInputs(sheet))) await roomIn(out, zipInputs(sheet))
      sheet.addRow([text(i)]).commit()
      peak = Math.max(peak, buffered())
    }
    expect(peak).toBeLessThan(300_000)
    sheet.commit()
    await workbook.commit()
  })
  it('stops waiting on the zip when the reader leaves', async () => {
    const out = new PassThrough()
    const inner = new PassThrough({ highWaterMark: 4 })
    inner.write('12345')
    const waiting = roomIn(out, [inner])
    out.destroy()
    await expect(waiting).rejects.toBeInstanceOf(DownloadClosed)
  })
})
