import { execFileSync, spawnSync } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'

/**
 * A real PostgreSQL server for tests: Debian's `postgresql` binaries (installed by
 * `pretest`), a cluster in a temporary folder, on a free loopback port, fsync off. Never a mock.
 * PostgreSQL refuses to run as root, so as root the cluster belongs to the `postgres` user.
 */
export interface TestPostgres {
  /** A fresh, empty database on the server; its connection URL. */
  createDatabase(): Promise<string>
  /** SIGSTOP to the server and every backend: connections stay open, nothing answers. */
  freeze(): void
  /** SIGCONT: the frozen server carries on where it stopped. */
  thaw(): void
  /** Stops the server (fast shutdown), keeping its data for `start`. */
  halt(): void
  /** Starts the halted server again on the same port. */
  start(): void
  stop(): Promise<void>
}

function binDir(): string {
  const fromPath = spawnSync('sh', ['-c', 'command -v initdb'], { encoding: 'utf8' }).stdout.trim()
  if (fromPath) return join(fromPath, '..')
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : []
  if (versions[0]) return join(root, versions[0], 'bin')
  throw new Error("PostgreSQL is missing: run 'sudo apt-get install -y postgresql' (the store tests start a real server); npm test's pretest does it as root")
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * `settings`: server parameters beside the tests' own (fsync off, 200 connections), e.g. a
 * benchmark's `shared_buffers`.
 */
export async function startPostgres(settings: Readonly<Record<string, string>> = {}): Promise<TestPostgres> {
  const bin = binDir()
  const dir = mkdtempSync(join(tmpdir(), 'mv-pg-'))
  const asRoot = process.getuid?.() === 0
  const run = (tool: string, args: string[]) => {
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, tool), ...args]] : [join(bin, tool), args]
    execFileSync(command[0] as string, command[1] as string[], { stdio: 'pipe', cwd: dir })
  }
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim())
    const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim())
    chownSync(dir, uid, gid)
  }
  const data = join(dir, 'data')
  run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C'])
  const port = await freePort()
  const start = () =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`,
        ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
      'start',
    ])
  start()
  /** The postmaster and every process it started (backends, writers). */
  const processes = () => {
    const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim()
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', postmaster], { encoding: 'utf8' })
      .split('\n')
      .map((p) => p.trim())
      .filter(Boolean)
    return [postmaster, ...children].map(Number)
  }
  const url = (db: string) => `postgres://postgres@127.0.0.1:${port}/${db}`
  let n = 0
  return {
    async createDatabase() {
      const name = `t${process.pid}_${++n}_${Date.now() % 100_000}`
      const admin = new pg.Client({ connectionString: url('postgres') })
      await admin.connect()
      try {
        await admin.query(`CREATE DATABASE ${name}`)
      } finally {
        await admin.end()
      }
      return url(name)
    },
    freeze: () => processes().forEach((pid) => process.kill(pid, 'SIGSTOP')),
    thaw: () => processes().forEach((pid) => process.kill(pid, 'SIGCONT')),
    halt: () => run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    start,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
