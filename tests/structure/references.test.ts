import { readdirSync, readFileSync, existsSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/processes.ts'
import { linesMatching } from '../support/source-lines.ts'

// Comments and docs explain in their own words or point to a file a clone contains: an issue
// number or a section of a document outside the repository means nothing to the next reader.

const SKIP = new Set(['node_modules', '.git', 'dist', '.data', 'test-results', 'screenshots'])
const TEXT = /\.(ts|tsx|js|mjs|json|md|yaml|yml|sh|conf|css|html)$|Dockerfile$|^run$/

function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files(path, out)
    else if (TEXT.test(entry.name) && !entry.name.endsWith('package-lock.json')) out.push(relative(ROOT, path))
  }
  return out
}

const all = files(ROOT)
const isProduction = (path: string) => /^(bff|web|shared|infra\/legacy-api)\/src\//.test(path) && !/\.test\.tsx?$/.test(path) && !/\/testing(-postgres)?(\.ts|\/)/.test(path)
const hits = (paths: string[], pattern: RegExp) => linesMatching(ROOT, paths, pattern)

describe('references in code and docs', () => {
  it('name no issue number, anywhere', () => {
    expect(all.length).toBeGreaterThan(300)
    expect(hits(all, /\b[Ii]ssues? #?\d+\b/)).toEqual([])
  })
  it('point to no section of a document outside the repository from code', () => {
    expect(
      hits(
        all.filter((p) => !p.endsWith('.md')),
        /\u00a7 ?\d/,
      ),
    ).toEqual([])
  })
  it('name no document outside the repository in production code', () => {
    const production = all.filter(isProduction)
    expect(production.length).toBeGreaterThan(100)
    expect(hits(production, /\b(SECURITY|DESIGN|STYLE)\.md\b|product-spec/)).toEqual([])
  })
  it('point only to docs that exist', () => {
    const missing = all.flatMap((path) =>
      [...readFileSync(join(ROOT, path), 'utf8').matchAll(/\bdocs\/[\w./-]+\.md\b/g)]
        .map((m) => m[0])
        .filter((doc) => !existsSync(join(ROOT, doc)))
        .map((doc) => `${path}: ${doc}`),
    )
    expect(missing).toEqual([])
  })
})
