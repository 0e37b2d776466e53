import { startMailCatcher } from './catcher.ts'

// The demo's and the tests' mailbox as a process: MAIL_SMTP_PORT receives, MAIL_HTTP_PORT shows.
const catcher = await startMailCatcher({
  smtpPort: Number(process.env.MAIL_SMTP_PORT ?? 1025),
  httpPort: Number(process.env.MAIL_HTTP_PORT ?? 1080),
  host: process.env.MAIL_HOST ?? '127.0.0.1',
})
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void catcher.close().then(() => process.exit(0)))
// The test harness waits for this line (tests/support/processes.ts), the demo prints it as is.
console.log(`mail catcher: SMTP on 127.0.0.1:${catcher.smtpPort}, messages listening on http://127.0.0.1:${catcher.httpPort}/`)
