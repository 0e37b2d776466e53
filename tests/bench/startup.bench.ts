import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { freePort, ROOT, SHIPPED_BFF } from '../support/processes.ts'
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
 * The BFF's cold start to its first /healthz and its idle RSS, with production settings:
 * as it ships (the bundle of bff/build.ts) and from its sources, beside a bare Fastify with one
 * route (not bundled), in the same run and alternating, so all three see the same noise.
 * The legacy need not answer for /healthz; no request but the probes reaches the BFF, so the RSS
 * is the idle floor, not the memory under load.
 */
export const startupBenchmark: Benchmark = {
  name: 'startup',
  description: 'cold start to first /healthz and idle RSS: the BFF as shipped (bundle) and from source (production settings) vs a bare Fastify',
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
    const shipped: { ms: number; rss: number }[] = []
    const source: { ms: number; rss: number }[] = []
    const bare: { ms: number; rss: number }[] = []
    await coldStart(SHIPPED_BFF, bff) // warms the disk cache for all three
    await coldStart('bff/src/server.ts', bff)
    for (let i = 0; i < runs; i++) {
      shipped.push(await coldStart(SHIPPED_BFF, bff))
      source.push(await coldStart('bff/src/server.ts', bff))
      bare.push(await coldStart('tests/bench/fixtures/bare-fastify.ts', {}))
      const say = (x: { ms: number; rss: number }) => `${x.ms.toFixed(0)} ms, ${x.rss.toFixed(0)} MB`
      log(`run ${i + 1}: BFF as shipped ${say(shipped.at(-1)!)} · from source ${say(source.at(-1)!)} · bare Fastify ${say(bare.at(-1)!)}`)
    }
    const ms = (xs: { ms: number }[]) => xs.map((x) => x.ms)
    const rss = (xs: { rss: number }[]) => xs.map((x) => x.rss)
    const rows: BenchRow[] = [
      row('startup', 'BFF as shipped (bundle): cold start to first /healthz', ms(shipped), 'ms', { max: 400 }),
      row('startup', 'BFF from source: cold start to first /healthz', ms(source), 'ms'),
      row('startup', 'bare Fastify: cold start to first /healthz', ms(bare), 'ms'),
      row('startup', 'BFF as shipped (bundle): RSS at idle', rss(shipped), 'MB', { max: 120 }),
      row('startup', 'BFF from source: RSS at idle', rss(source), 'MB'),
      row('startup', 'bare Fastify: RSS at idle', rss(bare), 'MB'),
    ]
    return rows
  },
}
