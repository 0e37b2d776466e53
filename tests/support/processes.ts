import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

/**
 * The BFF as it ships: the bundle `npm run build` writes (bff/build.ts). The end-to-end journeys
 * and the benchmarks run it; the fault suite runs the sources, so it needs no build.
 */
export const SHIPPED_BFF = 'bff/dist/server.js'

/** A free loopback port, found by binding port 0. */
export function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer()
    server.once('error', fail)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })
}

/**
 * Several free loopback ports at once, all different: a port found free is released at once, so
 * asking again before anything listens on it may find the same one.
 */
export async function freePorts(count: number): Promise<number[]> {
  const ports = new Set<number>()
  while (ports.size < count) ports.add(await freePort())
  return [...ports]
}

/** Runs a workspace script with the project's Node to completion; resolves with code and output. */
export function runScript(script: string, args: string[], env: Record<string, string> = {}): Promise<{ code: number; output: string }> {
  return new Promise((done) => {
    const child = spawn(process.execPath, [resolve(ROOT, script), ...args], { cwd: ROOT, env: { ...process.env, ...env } })
    let output = ''
    child.stdout.on('data', (d) => (output += d))
    child.stderr.on('data', (d) => (output += d))
    child.once('exit', (code) => done({ code: code ?? 1, output }))
  })
}

export interface Service {
  child: ChildProcess
  output: () => string
  stop(): Promise<number | null>
}

const OUTPUT_HEAD_CHARS = 1024 * 1024
const OUTPUT_TAIL_CHUNKS = 64

/** Starts a long-running script (one that prints 'listening on <address>') and waits until it listens and `ready` answers over HTTP. */
export async function startService(script: string, env: Record<string, string>, ready: string, timeoutMs = 20_000): Promise<Service> {
  const child = spawn(process.execPath, [resolve(ROOT, script)], { cwd: ROOT, env: { ...process.env, ...env } })
  // What the child says: its first MiB whole (start-up, the listening line) and then only its last
  // chunks. A service logging every request under a benchmark's load would otherwise grow a string
  // of hundreds of MB in the process that is generating the load, and slow what it measures.
  let output = ''
  const tail: string[] = []
  let dropped = false
  const keep = (chunk: Buffer) => {
    if (output.length < OUTPUT_HEAD_CHARS) return void (output += chunk)
    tail.push(chunk.toString())
    if (tail.length > OUTPUT_TAIL_CHUNKS) {
      tail.shift()
      dropped = true
    }
  }
  child.stdout!.on('data', keep)
  child.stderr!.on('data', keep)
  const service: Service = {
    child,
    output: () => output + (dropped ? '\n[…]\n' : '') + tail.join(''),
    stop: () =>
      new Promise((done) => {
        if (child.exitCode !== null) return done(child.exitCode)
        child.once('exit', (code) => done(code))
        child.kill('SIGTERM')
      }),
  }
  // Ready only once this child says it listens on the ready URL's port: another process that took
  // the same free port meanwhile (tests run in parallel) would otherwise answer in its place.
  const port = new URL(ready).port
  const listening = () => new RegExp(`listening on \\S*:${port}\\b`).test(output)
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited (${child.exitCode}): ${output}`)
    try {
      if (!listening()) throw new Error('not listening yet')
      await fetch(ready)
      return service
    } catch {
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  await service.stop()
  throw new Error(`${script} did not answer ${ready} in ${timeoutMs} ms: ${output}`)
}
