import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { streamReport, xlsxText } from './xlsx-report.ts'

/** OOXML's `_xHHHH_` escapes read back, as a spreadsheet program does. */
const unescape = (text: string) => text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

const TRICKY = ['  dois espaços antes e depois  ', '\tcom tab\tno meio', 'linha 1\r\nlinha 2\rsó CR', 'texto com _x0041_ literal', 'sem nada especial', ' ', '<b>&"tags"</b>']

async function workbookWith(names: string[]): Promise<Buffer> {
  async function* pages() {
    yield names.map((full_name, i) => ({ full_name, email: `p${i}@x.com`, created_at: '2026-11-20T12:00:00Z' }))
  }
  return buffer(streamReport(pages()))
}

describe('xlsx text kept exactly', () => {
  it('writes inline strings that keep leading and trailing spaces, tabs, CRs and LFs, and escape what XML would change', async () => {
    const files = unzipSync(new Uint8Array(await workbookWith(TRICKY)))
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    const names = [...sheet.matchAll(/<c r="A(\d+)"[^>]*t="inlineStr"[^>]*><is><r><t( xml:space="preserve")?>([\s\S]*?)<\/t><\/r><\/is><\/c>/g)].map((m) => ({
      row: Number(m[1]),
      preserved: m[2] !== undefined,
      text: unescape(xmlText(m[3]!)),
    }))
    expect(names.map((n) => n.text)).toEqual(TRICKY)
    expect(names.filter((n) => /^\s|\s$|\n/.test(n.text)).every((n) => n.preserved)).toBe(true)
    // No raw CR reaches the XML (a reader would turn it into a LF).
    expect(sheet.includes('\r')).toBe(false)
    expect(xlsxText('a_x0041_b').richText[0]!.text).toBe('a_x005F_x0041_b')
  })

  it('reads back identical in LibreOffice (line breaks as its LF), when it is installed', async (context) => {
    const soffice = ['soffice', 'libreoffice'].find((bin) => spawnSync(bin, ['--version'], { stdio: 'ignore' }).status === 0)
    if (!soffice) {
      console.log('LibreOffice (soffice) is not installed here: the round trip through it was not run; the XML test above checks what it reads')
      context.skip()
      return
    }
    const dir = mkdtempSync(join(tmpdir(), 'mv-xlsx-'))
    try {
      writeFileSync(join(dir, 'relatorio.xlsx'), await workbookWith(TRICKY))
      // To CSV with every field quoted (filter options: comma, double quote, UTF-8, start row 1, quote all text).
      execFileSync(soffice, ['--headless', '--convert-to', 'csv:Text - txt - csv (StarCalc):44,34,76,1,,0,true,true', '--outdir', dir, join(dir, 'relatorio.xlsx')], {
        stdio: 'ignore',
        timeout: 120_000,
      })
      const csv = readFileSync(join(dir, 'relatorio.csv'), 'utf8')
      const first = [...csv.matchAll(/(?:^|\n)"((?:[^"]|"")*)"/g)].map((m) => m[1]!.replace(/""/g, '"')).slice(1, TRICKY.length + 1)
      // Spaces, tabs and text are identical. A CR is the one thing LibreOffice itself changes: it
      // makes every CR and CRLF its own line break (LF) on import whatever the file says (tried:
      // OOXML's _x000D_ and an XML &#13;), so that cell reads back with its line breaks as LFs.
      expect(first).toEqual(TRICKY.map((text) => text.replace(/\r\n?/g, '\n')))
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 180_000)
})
