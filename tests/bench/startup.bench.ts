import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, ROOT } from '../support/processes.ts'
import { PRODUCTION_BFF_ENV, row, type Benchmark, type BenchRow } from './harness.ts'

/** Resident memory of a process, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? Number.NaN) / 1024
}

/**
 * One cold start: spawn the script with the project's Node, poll GET /healthz every 2 ms until it
 * answers 200, then let it idle a second and read its RSS.
 */
async function coldStart(script: string, env: Record<string, string>): Promise<{ ms: number; rss: number }> {
  const port = await freePort()
  const started = performance.now()
  const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, env: { ...process.env, ...env, PORT: String(port) }, stdio: 'ignore' })
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}`)
      if (performance.now() - started > 30_000) throw new Error(`${script} did not answer /healthz within 30 s`)
      const ok = await fetch(`http://127.0.0.1:${port}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
      if (ok) break
      await sleep(2)
    }
    const ms = performance.now() - started
    await sleep(1000)
    return { ms, rss: rssMb(child.pid!) }
  } finally {
    child.kill('SIGKILL')
  }
}

/**
 * Issue 16: the BFF's cold start to its first /healthz and its idle RSS, with production settings,
 * beside a bare Fastify with one route in the same run (alternating, so both see the same noise).
 * The legacy need not answer for /healthz; no request but the probes reaches the BFF, so the RSS
 * is the idle floor, not the memory under load.
 */
export const startupBenchmark: Benchmark = {
  name: 'startup',
  description: 'cold start to first /healthz and idle RSS: the BFF (production settings) vs a bare Fastify',
  async run({ quick, scratch, log }) {
    const bff = {
      ...PRODUCTION_BFF_ENV,
      LEGACY_API_URL: 'http://127.0.0.1:9/api',
      PUBLIC_ORIGIN: 'http://localhost:3000',
      SESSION_SECRET: 'startup-bench-secret-0123456789-abcdefghij',
      STORE_FILE: join(scratch, 'startup-store.db'),
      STATIC_DIR: join(ROOT, 'web/dist'),
    }
    const runs = quick ? 2 : 7
    const b: { ms: number; rss: number }[] = []
    const f: { ms: number; rss: number }[] = []
    await coldStart('bff/src/server.ts', bff) // warms the disk cache for both
    for (let i = 0; i < runs; i++) {
      b.push(await coldStart('bff/src/server.ts', bff))
      f.push(await coldStart('tests/bench/fixtures/bare-fastify.ts', {}))
      log(`run ${i + 1}: BFF ${b.at(-1)!.ms.toFixed(0)} ms, ${b.at(-1)!.rss.toFixed(0)} MB · bare Fastify ${f.at(-1)!.ms.toFixed(0)} ms, ${f.at(-1)!.rss.toFixed(0)} MB`)
    }
    const rows: BenchRow[] = [
      row(
        'startup',
        'BFF: cold start to first /healthz',
        b.map((x) => x.ms),
        'ms',
        { max: 400 },
      ),
      row(
        'startup',
        'bare Fastify: cold start to first /healthz',
        f.map((x) => x.ms),
        'ms',
      ),
      row(
        'startup',
        'BFF: RSS at idle',
        b.map((x) => x.rss),
        'MB',
        { max: 120 },
      ),
      row(
        'startup',
        'bare Fastify: RSS at idle',
        f.map((x) => x.rss),
        'MB',
      ),
    ]
    return rows
  },
}
