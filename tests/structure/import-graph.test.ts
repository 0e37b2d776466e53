import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/processes.ts'

// The linter's cycle rule skips type-only imports, so a cycle made of them goes unseen. This
// reads every import, types included, and holds each workspace's graph acyclic, and the BFF's
// layers in order: lib/ depends on nothing of the BFF above it.

const SOURCES = ['bff/src', 'web/src', 'shared/src', 'infra/legacy-api/src']
const IMPORT = /^\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|^\s*import\s*['"]([^'"]+)['"]/gm

function sources(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, dir), { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) sources(path, out)
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) out.push(path)
  }
  return out
}

const files = SOURCES.flatMap((dir) => sources(dir))
const known = new Set(files)
/** Each file's relative imports that stay inside the sources (types included). */
const graph = new Map(
  files.map((file) => {
    const text = readFileSync(join(ROOT, file), 'utf8')
    const targets = [...text.matchAll(IMPORT)]
      .map((m) => m[1] ?? m[2]!)
      .filter((spec) => spec.startsWith('.'))
      .map((spec) => relative(ROOT, resolve(ROOT, dirname(file), spec)))
      .filter((target) => known.has(target))
    return [file, targets]
  }),
)

function cycles(): string[][] {
  const found: string[][] = []
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === 'open') found.push([...stack.slice(stack.indexOf(next)), next])
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of files) if (!state.has(file)) visit(file)
  return found
}

describe('the import graph, type imports counted', () => {
  it('reads every source file', () => {
    expect(files.length).toBeGreaterThan(200)
    expect([...graph.values()].flat().length).toBeGreaterThan(300)
  })
  it('has no cycle', () => {
    expect(cycles().map((c) => c.join(' → '))).toEqual([])
  })
  it('keeps the BFF’s lib/ below plugins/, legacy/ and features/', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      file.startsWith('bff/src/lib/') ? targets.filter((t) => /^bff\/src\/(plugins|features|legacy|candidate-index)\//.test(t)).map((t) => `${file} → ${t}`) : [],
    )
    expect(upward).toEqual([])
  })
})
