import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { resolve } from 'node:path'
import { DEMO_ACCOUNTS } from '../legacy-api/src/seed/demo-accounts.ts'
import { buildBff } from '../../bff/build.ts'
import { DEMO_TEAM, setUpDemoTeam } from './team.ts'

/**
 * `npm start`: seeds the demo database on first run, starts each part as its own process (real
 * HTTP between them), prints the URL and the demo logins, and stops everything on Ctrl+C.
 */
const root = resolve(import.meta.dirname, '../..')
const legacyPort = Number(process.env.LEGACY_PORT ?? 8000)
const port = Number(process.env.PORT ?? 3000)
const publicOrigin = process.env.PUBLIC_ORIGIN ?? `http://localhost:${port}`
const databaseFile = resolve(root, process.env.LEGACY_DB ?? '.data/legacy.sqlite')
const demoCandidates = process.env.DEMO_CANDIDATES ?? '5000'
const mailSmtpPort = Number(process.env.MAIL_SMTP_PORT ?? 1025)
const mailHttpPort = Number(process.env.MAIL_HTTP_PORT ?? 1080)
const children: ChildProcess[] = []

function run(script: string, args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [resolve(root, script), ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(child)
  return child
}

function stopAll(code: number): never {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM')
  process.exit(code)
}

async function waitFor(url: string, child: ChildProcess, name: string): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} stopped during start-up (exit ${child.exitCode})`)
    try {
      await fetch(url)
      return
    } catch {
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  throw new Error(`${name} did not answer at ${url} within 30 s`)
}

if (!existsSync(databaseFile)) {
  console.log(`Criando o banco de demonstração (${demoCandidates} candidatos)…`)
  const seed = run('infra/legacy-api/src/seed-cli.ts', ['--candidates', demoCandidates, '--db', databaseFile], {})
  const code = await new Promise<number>((done) => seed.once('exit', (c) => done(c ?? 1)))
  if (code !== 0) stopAll(code)
}

// The SPA is built on every start so the demo always serves the current code (about a second).
const build = spawn(process.execPath, [resolve(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: resolve(root, 'web'), stdio: 'inherit' })
const built = await new Promise<number>((done) => build.once('exit', (c) => done(c ?? 1)))
if (built !== 0) {
  console.error('A compilação da interface falhou.')
  stopAll(built)
}
// The BFF runs as it ships: bundled (bff/build.ts, about two seconds).
const bffEntry = await buildBff().catch((error: unknown) => {
  console.error(`A compilação do BFF falhou: ${(error as Error).message}`)
  return stopAll(1)
})

const legacy = run('infra/legacy-api/src/server.ts', [], { LEGACY_PORT: String(legacyPort), LEGACY_DB: databaseFile })
legacy.once('exit', (code) => {
  console.error(`A API legada parou (código ${code}).`)
  stopAll(code ?? 1)
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stopAll(0))

// The demo's mailbox: a real SMTP server that keeps what the product sends and shows it on a page.
// An operator's own SMTP_URL wins.
const mail = process.env.SMTP_URL ? null : run('infra/mail-catcher/src/server.ts', [], { MAIL_SMTP_PORT: String(mailSmtpPort), MAIL_HTTP_PORT: String(mailHttpPort) })
mail?.once('exit', (code) => {
  console.error(`A caixa de e-mails de demonstração parou (código ${code}).`)
  stopAll(code ?? 1)
})

const bff = run(bffEntry, [], {
  PORT: String(port),
  SMTP_URL: process.env.SMTP_URL ?? `smtp://127.0.0.1:${mailSmtpPort}`,
  PUBLIC_ORIGIN: publicOrigin,
  LEGACY_API_URL: `http://127.0.0.1:${legacyPort}/api`,
  CEP_API_URL: `http://127.0.0.1:${legacyPort}/ws`,
  STATIC_DIR: resolve(root, 'web/dist'),
})
bff.once('exit', (code) => {
  console.error(`O BFF parou (código ${code}).`)
  stopAll(code ?? 1)
})

try {
  await waitFor(`http://127.0.0.1:${legacyPort}/api/vagas-publicas`, legacy, 'legacy API')
  if (mail) await waitFor(`http://127.0.0.1:${mailHttpPort}/healthz`, mail, 'mail catcher')
  await waitFor(`http://127.0.0.1:${port}/healthz`, bff, 'BFF')
  await setUpDemoTeam(`http://127.0.0.1:${port}`, publicOrigin)
} catch (error) {
  console.error((error as Error).message)
  stopAll(1)
}

const pad = (s: string, n: number) => s.padEnd(n)
console.log(`
Mini Vagas (demonstração) no ar: ${publicOrigin}

Logins de demonstração (CNPJ / senha):
${DEMO_ACCOUNTS.map((a) => `  ${pad(a.label, 10)} ${pad(a.cnpj, 20)} ${a.password}`).join('\n')}

Equipe da agência, cada pessoa com a sua conta (aba "Equipe da agência (e-mail)" / senha):
${DEMO_TEAM.map((p) => `  ${pad(p.role === 'admin' ? 'admin' : 'recrutador', 10)} ${pad(p.email, 24)} ${p.password}`).join('\n')}

${
  mail
    ? `E-mails enviados pelo produto (caixa de demonstração): http://localhost:${mailHttpPort}/

`
    : ''
}Ctrl+C para parar.`)
