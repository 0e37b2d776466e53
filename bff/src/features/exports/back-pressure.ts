import type { Writable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'

/** Thrown to stop a writer whose reader went away: nothing is left to write for. */
export class DownloadClosed extends Error {
  constructor() {
    super('download closed before it ended')
  }
}

/**
 * True when `stream` asked its writer to wait for 'drain'. Streams of readable-stream 2 (archiver's,
 * inside exceljs) have no `writableNeedDrain`; their state says the same as `needDrain`.
 */
const needsDrain = (stream: Writable) => stream.writableNeedDrain ?? (stream as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain ?? false

/** Resolves when `stream` has room; rejects with DownloadClosed when `download` closes first. */
function drained(stream: Writable, download: Writable): Promise<void> {
  if (download.destroyed || download.writableEnded) return Promise.reject(new DownloadClosed())
  if (!needsDrain(stream)) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null) => {
      stream.off('drain', done)
      stream.off('close', done)
      download.off('close', closed)
      if (error) reject(error)
      else resolve()
    }
    const done = () => settle(null)
    const closed = () => settle(new DownloadClosed())
    stream.once('drain', done)
    // An inner stream that closed has nothing left to drain; the download closing ends the wait.
    if (stream !== download) stream.once('close', done)
    download.once('close', closed)
  })
}

/**
 * Resolves when `out` can take more, and each of `inner` (streams between the writer and `out`
 * that do not pass `out`'s back-pressure on, see zipInputs): at once while they have room, else on
 * their 'drain'. A paused or slow reader thus holds the writer back (memory stays flat), and a
 * reader that left rejects with DownloadClosed — waiting for a 'drain' that never comes would keep
 * the writer, its rows and its legacy reads alive forever.
 */
export async function roomIn(out: Writable, inner: readonly Writable[] = []): Promise<void> {
  await drained(out, out)
  for (const stream of inner) await drained(stream, out)
}

/** True when the writer should wait (roomIn) before its next write. */
export const isFull = (out: Writable, inner: readonly Writable[] = []) => out.writableNeedDrain || out.destroyed || inner.some(needsDrain)

/**
 * Between slices of a long render: lets the requests waiting on the event loop run (other users'
 * pages, /healthz), then waits for room in `out` (and `inner`).
 */
async function nextSlice(out: Writable, inner: readonly Writable[] = []): Promise<void> {
  await setImmediate()
  await roomIn(out, inner)
}

/**
 * Before row `i` of a long write: every `sliceRows` rows a turn of the event loop and room in
 * `out` and `inner` (nextSlice), otherwise a wait only when one of them is full. Undefined when
 * there is nothing to wait for, so most rows cost no await.
 */
export function paceRow(i: number, sliceRows: number, out: Writable, inner: readonly Writable[] = []): Promise<void> | undefined {
  if (i > 0 && i % sliceRows === 0) return nextSlice(out, inner)
  if (isFull(out, inner)) return roomIn(out, inner)
  return undefined
}

/**
 * Where an exceljs streaming sheet's bytes wait to be zipped. exceljs 4.4 buffers a sheet in 64 KB
 * chunks (its StreamBuf) and writes each into the stream archiver reads the entry from without
 * heeding write()'s answer, so a writer faster than the zip's deflate piles chunks up there: 300 MB
 * of them on a 190 MB relatorio.xlsx read at loopback speed (measured with
 * process.memoryUsage().arrayBuffers, and 100 MB in that stream's buffer in a direct probe). The
 * streams the sheet pipes to are where back-pressure must be read. Empty before the sheet's first
 * write (nothing is buffered yet).
 */
export function zipInputs(sheet: object): readonly Writable[] {
  const stream = (sheet as { stream?: { pipes?: Writable[] } }).stream
  return stream?.pipes ?? []
}
