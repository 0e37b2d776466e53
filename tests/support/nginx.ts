import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, ROOT } from './processes.ts'

/** Debian's nginx (installed by tests/support/ensure-packages.sh). */
export const NGINX = '/usr/sbin/nginx'

export interface Nginx {
  /** http://127.0.0.1:<port>, the origin users would open. */
  url: string
  /** What nginx wrote to the shipped access log so far. */
  accessLog(): string
  stop(): Promise<void>
}

/**
 * The shipped proxy configuration (infra/deploy/nginx.conf) run by a real nginx: only the
 * addresses change — its listen port, the BFF instances it balances and where its access log
 * goes — so what is tested is what operators deploy. The file is a server block for nginx's http
 * context, as compose mounts it.
 */
export function shippedNginxConfig(port: number, upstreams: readonly string[], logDir: string): string {
  const shipped = readFileSync(join(ROOT, 'infra/deploy/nginx.conf'), 'utf8')
  const servers = [...shipped.matchAll(/^\s*server \S+:3000\b.*$/gm)]
  if (servers.length === 0 || !/^\s*listen 80;$/m.test(shipped) || !/access_log \/var\/log\/nginx\/access\.log /.test(shipped))
    throw new Error('infra/deploy/nginx.conf no longer has the lines this test rewrites (listen 80; server <name>:3000; access_log /var/log/nginx/access.log)')
  let rendered = shipped.replace(/^(\s*)listen 80;$/m, `$1listen 127.0.0.1:${port};`).replace('access_log /var/log/nginx/access.log ', `access_log ${logDir}/access.log `)
  // The first server line becomes one per instance; the others are dropped.
  rendered = rendered.replace(servers[0]![0], upstreams.map((u) => servers[0]![0].replace(/server \S+:3000/, `server ${u}`)).join('\n'))
  for (const extra of servers.slice(1)) rendered = rendered.replace(extra[0] + '\n', '')
  return rendered
}

export async function startNginx(upstreams: readonly string[], port?: number): Promise<Nginx> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: run 'sudo apt-get install -y nginx' (npm test's pretest does it as root)`)
  const dir = mkdtempSync(join(tmpdir(), 'mv-nginx-'))
  const listenPort = port ?? (await freePort())
  writeFileSync(join(dir, 'site.conf'), shippedNginxConfig(listenPort, upstreams, dir))
  const root = process.getuid?.() === 0
  writeFileSync(
    join(dir, 'nginx.conf'),
    `${root ? 'user root;\n' : ''}worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  )
  const check = spawnSync(NGINX, ['-t', '-p', dir, '-c', join(dir, 'nginx.conf')], { encoding: 'utf8' })
  if (check.status !== 0) throw new Error(`nginx refused the shipped configuration: ${check.stderr}`)
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  child.stderr!.on('data', (d) => (output += d))
  const url = `http://127.0.0.1:${listenPort}`
  const deadline = Date.now() + 20_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${output}`)
    try {
      await fetch(`${url}/healthz`)
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${output}`)
      await new Promise((r) => setTimeout(r, 100))
    }
  }
  return {
    url,
    accessLog: () => (existsSync(join(dir, 'access.log')) ? readFileSync(join(dir, 'access.log'), 'utf8') : ''),
    stop: () =>
      new Promise((done) => {
        const finish = () => {
          rmSync(dir, { recursive: true, force: true })
          done()
        }
        if (child.exitCode !== null) return finish()
        child.once('exit', finish)
        child.kill('SIGQUIT')
      }),
  }
}
