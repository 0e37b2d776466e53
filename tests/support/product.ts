import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { todayDate } from '@mini-vagas/shared/domain/dates'
import { freePorts, ROOT, runScript, SHIPPED_BFF, startService, type Service } from './processes.ts'

/**
 * The whole product as `npm start` runs it, but on free ports and a fresh seeded database:
 * the legacy stand-in and the BFF as separate processes, the BFF serving the built SPA.
 */
export const E2E_SECRET = 'e2e-session-secret-0123456789-abcdefghijkl'

export interface Product {
  url: string
  legacyUrl: string
  /** The mail catcher's HTTP view (`GET /messages`): what the product sent over SMTP. */
  mailUrl: string
  /** The BFF's process id (benchmarks read its memory). */
  bffPid: number
  stop(): Promise<void>
}

/** `bffEnv` adds to (or overrides) the BFF's environment, e.g. an OpenAI-compatible stub. */
export async function startProduct(candidates = 400, options: { bffEnv?: Record<string, string> } = {}): Promise<Product> {
  if (!existsSync(join(ROOT, SHIPPED_BFF)) || !existsSync(join(ROOT, 'web/dist/index.html'))) throw new Error('The product is not built: run `npm run build` first.')
  const dir = mkdtempSync(join(tmpdir(), 'mini-vagas-e2e-'))
  const db = join(dir, 'legacy.sqlite')
  const seed = await runScript('infra/legacy-api/src/seed-cli.ts', ['--candidates', String(candidates), '--db', db, '--now', todayDate()])
  if (seed.code !== 0) throw new Error(seed.output)
  const [legacyPort, port, mailSmtpPort, mailHttpPort] = (await freePorts(4)) as [number, number, number, number]
  const legacyUrl = `http://127.0.0.1:${legacyPort}`
  const url = `http://localhost:${port}`
  const services: Service[] = []
  try {
    services.push(
      await startService(
        'infra/mail-catcher/src/server.ts',
        { MAIL_SMTP_PORT: String(mailSmtpPort), MAIL_HTTP_PORT: String(mailHttpPort) },
        `http://127.0.0.1:${mailHttpPort}/healthz`,
      ),
    )
    services.push(await startService('infra/legacy-api/src/server.ts', { LEGACY_PORT: String(legacyPort), LEGACY_DB: db, LEGACY_CONTROL: '1' }, `${legacyUrl}/api/vagas-publicas`))
    services.push(
      await startService(
        SHIPPED_BFF,
        {
          PORT: String(port),
          PUBLIC_ORIGIN: url,
          LEGACY_API_URL: `${legacyUrl}/api`,
          CEP_API_URL: `${legacyUrl}/ws`,
          SESSION_SECRET: E2E_SECRET,
          STATIC_DIR: join(ROOT, 'web/dist'),
          STORE_FILE: join(dir, 'bff.sqlite'),
          LOG_LEVEL: 'warn',
          SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
          ...options.bffEnv,
        },
        `http://127.0.0.1:${port}/healthz`,
      ),
    )
  } catch (error) {
    for (const s of services) await s.stop()
    throw error
  }
  return {
    url,
    legacyUrl,
    mailUrl: `http://127.0.0.1:${mailHttpPort}`,
    bffPid: services[2]!.child.pid!,
    async stop() {
      for (const s of services.reverse()) await s.stop()
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
