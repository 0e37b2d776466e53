import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { login, SECRET, startLegacy, type Legacy } from '../faults/harness.ts'
import { freePort, ROOT } from '../support/processes.ts'
import { todayDate } from '@mini-vagas/shared/domain/dates'

// The container image, built for real from infra/deploy/Dockerfile and then run as shipped: its
// filesystem, its user, its command, its environment (plus what an operator must set). No image
// registry is reachable here, so the Node 24 base is assembled from this system's Debian packages
// and the project's pinned Node (infra/deploy/local-base.sh) and passed as the BASE build argument.
// Buildah builds without a daemon; running the image's filesystem with chroot as its user is what
// a container runtime does, less the namespaces (the test needs the host's network anyway).
const buildah = spawnSync('sh', ['-c', 'command -v buildah']).stdout.toString().trim()
const root = process.getuid?.() === 0
const skipWhy = !buildah ? 'buildah is not installed (npm test installs it as root)' : !root ? 'running an image’s filesystem as its user needs root (chroot)' : null
if (skipWhy) console.log(`container image test skipped: ${skipWhy}`)

const storage = readFileSync('/proc/filesystems', 'utf8').includes('overlay') ? 'overlay' : 'vfs'
const run = (args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) =>
  execFileSync(buildah, ['--storage-driver', storage, ...args], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options }).trim()
const tag = `localhost/mini-vagas-bff:test-${process.pid}`
const base = `localhost/mini-vagas-node24:test-${process.pid}`

interface ImageConfig {
  User: string
  Env: string[]
  Cmd: string[]
  WorkingDir: string
  Volumes?: Record<string, unknown>
  Healthcheck?: { Test: string[] }
}

let legacy: Legacy
let config: ImageConfig
let container = ''
let mountPoint = ''
const bound: string[] = []
let bff: ChildProcess | undefined
let output = ''
let url = ''

/** A command inside the image's filesystem, as its user, in its working directory, with `env`. */
function inImage(command: string[], env: Record<string, string>) {
  return spawn('/usr/sbin/chroot', ['--userspec', `${config.User}:${config.User}`, mountPoint, '/bin/sh', '-c', `cd "$0" && exec "$@"`, config.WorkingDir, ...command], {
    env: { ...Object.fromEntries(config.Env.map((e) => [e.slice(0, e.indexOf('=')), e.slice(e.indexOf('=') + 1)])), ...env },
  })
}

describe.skipIf(skipWhy !== null)('the container image, built and run as shipped', () => {
  beforeAll(async () => {
    legacy = await startLegacy({}, 60)
    execFileSync('bash', [join(ROOT, 'infra/deploy/local-base.sh'), base], { cwd: ROOT, env: { ...process.env, BUILDAH_STORAGE_DRIVER: storage }, stdio: 'pipe' })
    // The repository as it is (.dockerignore keeps node_modules, builds and databases out), docker
    // format so the HEALTHCHECK is kept.
    run(
      [
        'bud',
        '--isolation',
        'chroot',
        '--layers=false',
        '--format',
        'docker',
        '--build-arg',
        `BASE=${base}`,
        '--target',
        'runtime',
        '-f',
        'infra/deploy/Dockerfile',
        '-t',
        tag,
        '.',
      ],
      {
        cwd: ROOT,
      },
    )
    config = (JSON.parse(run(['inspect', '--type', 'image', tag])) as { Docker: { config: ImageConfig } }).Docker.config
    container = run(['from', '--pull-never', tag])
    mountPoint = run(['mount', container])
    for (const dir of ['proc', 'dev']) {
      execFileSync('mkdir', ['-p', join(mountPoint, dir)])
      execFileSync('mount', ['--bind', `/${dir}`, join(mountPoint, dir)])
      bound.push(join(mountPoint, dir))
    }
    const port = await freePort()
    url = `http://127.0.0.1:${port}`
    // What an operator must give a production BFF (docs/operations.md); everything else is the image's.
    bff = inImage(config.Cmd, {
      PORT: String(port),
      PUBLIC_ORIGIN: url,
      LEGACY_API_URL: `${legacy.url}/api`,
      CEP_API_URL: `${legacy.url}/ws`,
      SESSION_SECRET: SECRET,
      COOKIE_SECURE: 'false',
    })
    bff.on('error', (error) => (output += `\n${error.message}`))
    bff.stdout!.on('data', (d) => (output += d))
    bff.stderr!.on('data', (d) => (output += d))
    const deadline = Date.now() + 60_000
    while (!new RegExp(`listening on \\S*:${port}\\b`).test(output)) {
      if (bff.exitCode !== null) throw new Error(`the image's command exited (${bff.exitCode}): ${output}`)
      if (Date.now() > deadline) throw new Error(`the image's command did not listen: ${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }, 900_000)

  afterAll(async () => {
    if (bff && bff.exitCode === null) {
      const exited = new Promise((r) => bff!.once('exit', r))
      bff.kill('SIGTERM')
      await exited
    }
    for (const dir of bound.reverse()) spawnSync('umount', ['-l', dir])
    if (container) spawnSync(buildah, ['--storage-driver', storage, 'rm', container])
    spawnSync(buildah, ['--storage-driver', storage, 'rmi', '-f', tag, base])
    // The build stages' images, left without a name.
    spawnSync(buildah, ['--storage-driver', storage, 'rmi', '--prune'])
    await legacy?.stop()
  })

  it('runs as the node user, keeps its default store in the /data volume, and its health check follows PORT', async () => {
    expect(config.User).toBe('node')
    expect(config.Cmd).toEqual(['node', 'bff/dist/server.js'])
    expect(Object.keys(config.Volumes ?? {})).toEqual(['/data'])
    expect(existsSync(join(mountPoint, 'data/bff.sqlite'))).toBe(true)
    expect(existsSync(join(mountPoint, 'app/node_modules'))).toBe(false)
    // The image's own health check, run inside it with the port this instance listens on.
    const test = config.Healthcheck!.Test
    expect(test[0]).toBe('CMD')
    const check = inImage(test.slice(1), { PORT: new URL(url).port })
    expect(await new Promise((r) => check.once('exit', r))).toBe(0)
  })

  it('signs in, streams the xlsx report and renders a CSV', async () => {
    const session = await login({ url })
    const today = todayDate()
    const report = await fetch(`${url}/bff/exports/relatorio.xlsx?start_date=${today.slice(0, 8)}01&end_date=${today}`, { headers: { cookie: session } })
    expect(report.status).toBe(200)
    expect(report.headers.get('content-type')).toContain('spreadsheetml')
    const xlsx = Buffer.from(await report.arrayBuffer())
    expect(xlsx.subarray(0, 2).toString()).toBe('PK')
    const csv = await fetch(`${url}/bff/exports/render`, {
      method: 'POST',
      headers: { 'x-csrf': '1', origin: url, 'content-type': 'application/json', cookie: session },
      body: JSON.stringify({ rows: [{ nome: 'Conceição', cidade: 'Natal' }], type: 'csv' }),
    })
    expect(csv.status).toBe(200)
    // UTF-8 with its BOM (Excel in Brazil), `;` between fields.
    expect(Buffer.from(await csv.arrayBuffer()).toString('utf8')).toBe('\uFEFFnome;cidade\r\nConceição;Natal\r\n')
    expect(bff!.exitCode).toBeNull()
  })
})
