import { readdirSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ROOT } from '../support/processes.ts'
import { linesMatching } from '../support/source-lines.ts'

// One door to the legacy: bff/src/legacy/ builds every legacy path and reads every legacy status
// code (legacy/gateway.ts); features speak in records and refusals. This keeps it so.

const BFF = join(ROOT, 'bff/src')
function files(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) files(path, out)
    else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) out.push(relative(BFF, path))
  }
  return out
}
const outside = files(BFF).filter((path) => !path.startsWith('legacy/') && !path.startsWith('testing'))
const hits = (paths: string[], pattern: RegExp) => linesMatching(BFF, paths, pattern)

describe('the legacy has one door', () => {
  it('no file outside bff/src/legacy/ builds a legacy path', () => {
    expect(outside.length).toBeGreaterThan(40)
    // A string or template literal that starts with one of the legacy's paths. The pass-through's
    // allow-list matches paths with regular expressions and sends on the path it matched.
    const built = hits(outside, /['`]\/(candidatos|processos_seletivos|vagas-publicas|excel_relatorio|auth\/)/)
    // The one exception: the default of an operator's setting (LEGACY_REGISTER_PATH), handed to the gateway.
    expect(built).toEqual([expect.stringMatching(/^plugins\/config\.ts:\d+: legacyRegisterPath: read\.string\('LEGACY_REGISTER_PATH', '\/auth\/register'\),$/)])
  })
  it('no file outside bff/src/legacy/ reads a legacy status code', () => {
    const read = hits(outside, /\.status(Code)?\s*(===|!==|==|!=|>=|<=|<|>)\s*\d{3}\b/)
    // The postal-code service (ViaCEP) is another upstream, with its own answers.
    expect(read.filter((line) => !line.startsWith('features/cep/'))).toEqual([])
  })
  it('no feature calls the HTTP client itself', () => {
    expect(hits(outside, /\b(createHttpClient|\.request\(\{)/).filter((line) => !line.startsWith('app.ts') && !line.startsWith('features/cep/'))).toEqual([])
  })
})
