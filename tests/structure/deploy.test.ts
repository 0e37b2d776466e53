import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'yaml'
import { describe, expect, it } from 'vitest'

// Docker cannot run on the machines that test this project (no daemon), so the
// operators' kit is checked as files: the compose file parses and wires what it must, and the
// Dockerfile does what docs/operations.md says it does.
const root = join(import.meta.dirname, '../..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')

describe('infra/deploy: the container recipe', () => {
  const dockerfile = read('infra/deploy/Dockerfile')
  it('builds in stages on Node 24, runs the bundled BFF as a non-root user with a health check', () => {
    expect(dockerfile).toMatch(/^ARG BASE=node:24[^\s]*$/m)
    expect(dockerfile).toMatch(/^FROM \$\{BASE\} AS build$/m)
    expect(dockerfile).toMatch(/^FROM \$\{BASE\} AS runtime$/m)
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('AS legacy-stand-in'))
    // The bundle carries its dependencies (tests/structure/bundle.test.ts runs it with no node_modules).
    expect(runtime).not.toMatch(/npm ci/)
    expect(runtime).toContain('COPY --from=build /app/bff/dist bff/dist')
    expect(runtime).toMatch(/^USER node$/m)
    expect(runtime).toMatch(/^HEALTHCHECK .*\n?.*\/healthz/m)
    expect(runtime).toMatch(/^CMD \["node", "bff\/dist\/server\.js"\]$/m)
    expect(runtime).toContain('COPY --from=build /app/web/dist web/dist')
  })
  it('starts as shipped: the default store in a volume its user owns, a health check on PORT, a clean build context', () => {
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'), dockerfile.indexOf('AS legacy-stand-in'))
    expect(runtime).toMatch(/STORE_FILE=\/data\/bff\.sqlite/)
    expect(runtime).toMatch(/^RUN mkdir -p \/data && chown node \/data$/m)
    expect(runtime).toMatch(/^VOLUME \["\/data"\]$/m)
    expect(runtime.indexOf('chown node /data')).toBeLessThan(runtime.indexOf('USER node'))
    expect(runtime).toContain('process.env.PORT || 3000')
    expect(runtime).not.toMatch(/127\.0\.0\.1:3000/)
    const ignored = read('.dockerignore').split('\n')
    for (const entry of ['**/node_modules', '**/dist', '**/.data', '**/*.sqlite', '.git']) expect(ignored, entry).toContain(entry)
  })
  it('copies every workspace manifest the lockfile names, so npm ci can run', () => {
    const workspaces = JSON.parse(read('package.json')).workspaces as string[]
    for (const workspace of workspaces) expect(dockerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/`)
  })
  it('is the recipe the operators’ guide documents', () => {
    const guide = read('docs/operations.md')
    expect(guide).toContain('docker build -f infra/deploy/Dockerfile -t mini-vagas-bff .')
    expect(guide).toContain('docker compose -f infra/deploy/compose.yaml up --build')
  })
})

describe('infra/deploy: two instances behind one origin', () => {
  // Compose reads YAML merge keys (<<: *bff); so does this parse.
  const compose = parse(read('infra/deploy/compose.yaml'), { merge: true }) as {
    services: Record<string, { build?: { target?: string }; image?: string; environment?: Record<string, string>; depends_on?: unknown; volumes?: string[] }>
  }
  const bffs = Object.entries(compose.services).filter(([, s]) => s.build?.target === 'runtime')
  it('runs the stand-in, PostgreSQL, two BFF instances and one proxy', () => {
    expect(bffs.map(([name]) => name).sort()).toEqual(['bff-a', 'bff-b'])
    expect(compose.services.postgres?.image).toMatch(/^postgres:/)
    expect(compose.services.legacy?.build?.target).toBe('legacy-stand-in')
    expect(compose.services.proxy?.image).toMatch(/^nginx:/)
  })
  it('gives each instance every variable a production BFF needs, and the same database', () => {
    const required = ['NODE_ENV', 'PUBLIC_ORIGIN', 'LEGACY_API_URL', 'SESSION_SECRET', 'DATABASE_URL']
    const documented = read('docs/operations.md')
    for (const [name, service] of bffs) {
      const env = service.environment ?? {}
      for (const variable of required) expect(env[variable], `${name} ${variable}`).toBeTruthy()
      // Every variable set is one the operators' guide describes.
      for (const variable of Object.keys(env)) expect(documented, `${name} ${variable}`).toContain(`\`${variable}\``)
      expect(env.DATABASE_URL).toMatch(/@postgres:5432\//)
    }
    expect(new Set(bffs.map(([, s]) => s.environment?.DATABASE_URL)).size).toBe(1)
  })
  it('sends the proxy to both instances, with the progress stream unbuffered', () => {
    const nginx = read('infra/deploy/nginx.conf')
    for (const [name] of bffs) expect(nginx).toContain(`server ${name}:3000`)
    expect(nginx).toContain('proxy_buffering off')
    expect(compose.services.proxy?.volumes?.[0]).toContain('./nginx.conf:')
  })
})
