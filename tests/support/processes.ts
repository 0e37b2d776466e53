import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolve } from 'node:path'

export const ROOT = resolve(import.meta.dirname, '../..')

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

/** Starts a long-running script (one that prints 'listening on <address>') and waits until it listens and `ready` answers over HTTP. */
export async function startService(script: string, env: Record<string, string>, ready: string, timeoutMs = 20_000): Promise<Service> {
  const child = spawn(process.execPath, [resolve(ROOT, script)], { cwd: ROOT, env: { ...process.env, ...env } })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const service: Service = {
    child,
    output: () => output,
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
