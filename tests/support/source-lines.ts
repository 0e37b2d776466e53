import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** Every line of `paths` (relative to `base`) that matches `pattern`, as `path:line: text` (what a structure test reports). */
export const linesMatching = (base: string, paths: string[], pattern: RegExp) =>
  paths.flatMap((path) =>
    readFileSync(join(base, path), 'utf8')
      .split('\n')
      .flatMap((line, i) => (pattern.test(line) ? [`${path}:${i + 1}: ${line.trim()}`] : [])),
  )
