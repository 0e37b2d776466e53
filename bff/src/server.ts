import { buildApp } from './app.ts'
import { DEVELOPMENT_SESSION_SECRET, readBffConfig } from './plugins/config.ts'

/** Process entry only: configuration, listen, graceful close. */
let config
try {
  config = readBffConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
const app = await buildApp(config)
if (config.sessionSecrets.includes(DEVELOPMENT_SESSION_SECRET)) {
  app.log.warn('SESSION_SECRET is not set: using the development secret (never in production)')
}
const address = await app.listen({ host: config.host, port: config.port })
console.log(`BFF listening on ${address} (legacy API ${config.legacyApiUrl})`)

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    app.close().then(() => process.exit(0))
  })
}
