import { existsSync } from 'node:fs'
import { buildLegacyApi } from './app.ts'
import { readLegacyConfig } from './config.ts'
import { openDatabase } from './db.ts'

/** Process entry: `npm start -w infra/legacy-api`. Needs a seeded database (`npm run seed`). */
let config
try {
  config = readLegacyConfig()
} catch (error) {
  console.error((error as Error).message)
  process.exit(2)
}
if (!existsSync(config.databaseFile)) {
  console.error(`No database at ${config.databaseFile}: run \`npm run seed\` first (or \`npm start\`, which seeds one).`)
  process.exit(2)
}
const db = openDatabase(config.databaseFile)
const app = buildLegacyApi({ db, config, logger: process.env.LEGACY_LOG === '1' })
const address = await app.listen({ host: config.host, port: config.port })
console.log(`legacy API stand-in listening on ${address}/api${config.control ? ' (control endpoints on)' : ''}`)

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.close().then(() => {
      db.close()
      process.exit(0)
    })
  })
}
