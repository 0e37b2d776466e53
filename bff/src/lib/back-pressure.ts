import type { Writable } from 'node:stream'
import { setImmediate } from 'node:timers/promises'

/** Thrown to stop a writer whose reader went away: nothing is left to write for. */
export class DownloadClosed extends Error {
  constructor() {
    super('download closed before it ended')
  }
}

/**
 * Resolves when `out` can take more: at once while its buffer has room, else on its 'drain'. A
 * paused reader thus holds the writer back (memory stays flat), and a reader that left rejects
 * with DownloadClosed — waiting for a 'drain' that never comes would keep the writer, its rows
 * and its legacy reads alive forever.
 */
export function roomIn(out: Writable): Promise<void> {
  if (out.destroyed || out.writableEnded) return Promise.reject(new DownloadClosed())
  if (!out.writableNeedDrain) return Promise.resolve()
  return new Promise((resolve, reject) => {
    const settle = (error: Error | null) => {
      out.off('drain', drained)
      out.off('close', closed)
      if (error) reject(error)
      else resolve()
    }
    const drained = () => settle(null)
    const closed = () => settle(new DownloadClosed())
    out.once('drain', drained)
    out.once('close', closed)
  })
}

/**
 * Between slices of a long render: lets the requests waiting on the event loop run (other users'
 * pages, /healthz), then waits for room in `out`.
 */
export async function nextSlice(out: Writable): Promise<void> {
  await setImmediate()
  await roomIn(out)
}
