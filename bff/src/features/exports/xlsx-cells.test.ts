import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { buffer } from 'node:stream/consumers'
import { strFromU8, unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { xlsxText } from '../../lib/xlsx-cells.ts'
import { streamReport } from './xlsx-report.ts'

/** OOXML's `_xHHHH_` escapes read back, as a spreadsheet program does. */
const unescape = (text: string) => text.replace(/_x([0-9A-F]{4})_/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
const xmlText = (text: string) =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')

const TRICKY = [
  '  dois espaços antes e depois  ',
  '\tcom tab\tno meio',
  'linha 1\r\nlinha 2\rsó CR',
  'texto com _x0041_ literal',
  'sem nada especial',
  ' ',
  '<b>&"tags"</b>',
  'Maria  da Silva',
  'Conceição Araújo',
]

async function workbookWith(names: string[]): Promise<Buffer> {
  async function* pages() {
    yield names.map((full_name, i) => ({ full_name, email: `p${i}@x.com`, created_at: '2026-11-20T12:00:00Z' }))
  }
  return buffer(streamReport(pages()))
}

describe('xlsx text kept exactly', () => {
  it('writes plain text as plain cells and, as inline strings, text a plain cell would change: spaces, tabs, CRs and LFs kept, what XML would change escaped', async () => {
    const files = unzipSync(new Uint8Array(await workbookWith(TRICKY)))
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    const names = [...sheet.matchAll(/<c r="A(\d+)"[^>]*t="(inlineStr|str)"[^>]*>(?:<is><r><t( xml:space="preserve")?>([\s\S]*?)<\/t><\/r><\/is>|<v>([\s\S]*?)<\/v>)<\/c>/g)]
      .filter((m) => m[1] !== '1')
      .map((m) => ({ inline: m[2] === 'inlineStr', preserved: m[3] !== undefined, text: unescape(xmlText(m[4] ?? m[5]!)) }))
    expect(names.map((n) => n.text)).toEqual(TRICKY)
    // Only what needs it is inline, and every such cell keeps its whitespace.
    expect(names.filter((n) => !n.inline).map((n) => n.text)).toEqual(['sem nada especial', '<b>&"tags"</b>', 'Conceição Araújo'])
    expect(names.filter((n) => /^\s|\s$|\n/.test(n.text)).every((n) => n.inline && n.preserved)).toBe(true)
    // No raw CR reaches the XML (a reader would turn it into a LF).
    expect(sheet.includes('\r')).toBe(false)
    expect(xlsxText('a_x0041_b')).toEqual({ richText: [{ text: 'a_x005F_x0041_b' }] })
    expect(xlsxText('Maria  da Silva')).toEqual({ richText: [{ text: 'Maria  da Silva' }] })
    expect(xlsxText('Maria da Silva')).toBe('Maria da Silva')
  })

  it('gives every date cell its column’s format with one style shared by the rows, and the file one style per format', async () => {
    const files = unzipSync(new Uint8Array(await workbookWith(['Ana', 'Bia', 'Caio'])))
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    const styles = strFromU8(files['xl/styles.xml']!)
    // Column N (Data de Inscrição) holds real dates formatted as dd/mm/yyyy hh:mm in every row.
    const dateCells = [...sheet.matchAll(/<c r="N([2-4])" s="(\d+)"[^>]*><v>([\d.]+)<\/v><\/c>/g)]
    expect(dateCells).toHaveLength(3)
    expect(new Set(dateCells.map((m) => m[2])).size).toBe(1)
    expect(styles).toContain('formatCode="dd/mm/yyyy hh:mm"')
    expect(Number(/<cellXfs count="(\d+)"/.exec(styles)![1])).toBeLessThanOrEqual(4)
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
