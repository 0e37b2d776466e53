import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** Debian's libfaketime (installed by tests/support/ensure-packages.sh), for this machine's architecture. */
function libfaketime(): string {
  for (const arch of existsSync('/usr/lib') ? readdirSync('/usr/lib') : []) {
    const lib = join('/usr/lib', arch, 'faketime/libfaketime.so.1')
    if (existsSync(lib)) return lib
  }
  throw new Error('libfaketime is missing: run tests/support/ensure-packages.sh (Debian package libfaketime)')
}

/**
 * A process's wall clock, moved for real: the process starts with libfaketime preloaded, reading
 * its offset from a file this test rewrites (`moveTo`); every clock read of the process — Date.now,
 * the store's timestamps, timers' deadlines in wall time — sees it within a second. Monotonic time
 * is left alone, so timers and timeouts still run at their real pace.
 */
export function fakeClock() {
  const dir = mkdtempSync(join(tmpdir(), 'mv-clock-'))
  const file = join(dir, 'offset')
  writeFileSync(file, '+0s\n')
  let offsetMs = 0
  return {
    env: { LD_PRELOAD: libfaketime(), FAKETIME_TIMESTAMP_FILE: file, FAKETIME_CACHE_DURATION: '1', FAKETIME_DONT_FAKE_MONOTONIC: '1' },
    /** The process's now, as this test computes it. */
    now: () => Date.now() + offsetMs,
    /** Moves the process's clock so that it reads `instant` now (never backwards in these tests). */
    moveTo(instant: number) {
      offsetMs = instant - Date.now()
      writeFileSync(file, `+${Math.round(offsetMs / 1000)}s\n`)
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  }
}
