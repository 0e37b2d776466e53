import { buildApp } from './app.ts'
import { DEVELOPMENT_SESSION_SECRET, readBffConfig } from './plugins/config.ts'
import { StoreUnavailableError } from './plugins/store.ts'

/** Process entry only: configuration, listen, graceful close. */
let config
try {
  config = readBffConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
let app
try {
  app = await buildApp(config)
} catch (error) {
  // An unusable store is a configuration problem: say which variable, exit 2 like the others.
  if (!(error instanceof StoreUnavailableError)) throw error
  console.error(error.message)
  process.exit(2)
}
if (config.sessionSecrets.includes(DEVELOPMENT_SESSION_SECRET)) {
  app.log.warn('SESSION_SECRET is not set: using the development secret (never in production)')
}
const address = await app.listen({ host: config.host, port: config.port })
console.log(`BFF listening on ${address} (legacy API ${config.legacyApiUrl})`)
if (config.metricsAddress)
  console.log(
    `Metrics on http://${config.metricsAddress.host.includes(':') ? `[${config.metricsAddress.host}]` : config.metricsAddress.host}:${config.metricsAddress.port}/metrics`,
  )

let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    // The app's close lets the jobs' current steps land and gives up their leases; past the grace
    // period the process exits anyway (another instance takes the leases over when they expire).
    const force = setTimeout(() => process.exit(1), config.shutdownGraceSeconds * 1000)
    force.unref()
    app.close().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}
