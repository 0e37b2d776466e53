import { strFromU8, unzipSync } from 'fflate'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatCep, formatPhone, formatUf, optionLabel } from '../../shared/src/domain/br-format.ts'
import { startStack, type Stack } from '../support/stack.ts'

// relatorio.xlsx read back without exceljs: unzip the OOXML and read the sheet's XML directly.
let stack: Stack
let admin: string
let token: string
beforeAll(async () => {
  stack = await startStack({}, { candidates: 700 })
  admin = await stack.login()
  token = stack.open(admin)!.token
})
afterAll(() => stack.close())

const columnIndex = (letters: string) => [...letters].reduce((n, ch) => n * 26 + ch.charCodeAt(0) - 64, 0) - 1

/** The sheet's cells by row and column (empty cells are absent from the XML, so place by reference). */
function cells(sheetXml: string): string[][] {
  return [...sheetXml.matchAll(/<row [^>]*>([\s\S]*?)<\/row>/g)].map(([, row]) => {
    const out: string[] = []
    for (const [, column, attrs, inner] of row!.matchAll(/<c r="([A-Z]+)\d+"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) out[columnIndex(column!)] = cellValue(attrs!, inner)
    return Array.from({ length: out.length }, (_, i) => out[i] ?? '')
  })
}

function cellValue(attrs: string, inner: string | undefined): string {
  if (!inner) return ''
  const text = /<t[^>]*>([\s\S]*?)<\/t>/.exec(inner)?.[1]
  if (text !== undefined)
    return text
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
  const value = /<v>([\s\S]*?)<\/v>/.exec(inner)?.[1] ?? ''
  return attrs.includes('t="b"') ? (value === '1' ? 'TRUE' : 'FALSE') : value
}

async function download(query: string) {
  const response = await stack.app.inject({ method: 'GET', url: `/bff/exports/relatorio.xlsx${query}`, headers: { cookie: admin } })
  return response
}

describe('GET /bff/exports/relatorio.xlsx', () => {
  it('streams every candidate of the range with the columns (docs/product.md, Report row), bold frozen header, autofilter and real dates', async () => {
    const response = await download('?start_date=2026-08-01&end_date=2026-11-30')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/spreadsheetml/)
    expect(response.headers['content-disposition']).toBe('attachment; filename="relatorio.xlsx"')
    const files = unzipSync(new Uint8Array(response.rawPayload))
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    const rows = cells(sheet)
    expect(rows[0]).toEqual([
      'Nome Completo',
      'Idade',
      'WhatsApp',
      'E-mail',
      'Rua',
      'Bairro',
      'Cidade',
      'Estado',
      'Escolaridade',
      'Curso',
      'Experiência 1',
      'Experiência 2',
      'Experiência 3',
      'Data de Inscrição',
      'Última Ação',
      'Vaga',
      'Empresa',
      'Cidade da Vaga',
      'Data da Vaga',
      'Como Soube',
      'Gênero',
      'CEP',
      'PCD',
    ])
    expect(sheet).toMatch(/<pane[^>]*ySplit="1"[^>]*state="frozen"/)
    expect(sheet).toMatch(/<autoFilter ref="A1:W1"\/>/)
    expect(strFromU8(files['xl/styles.xml']!)).toMatch(/<b\/>/)
    expect(strFromU8(files['xl/styles.xml']!)).toContain('dd/mm/yyyy hh:mm')
    // Row for row against the legacy's own report for the same range.
    const expected = (await (
      await fetch(`${stack.legacy.url}/api/excel_relatorio?start_date=2026-08-01&end_date=2026-11-30`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as Record<string, unknown>[]
    expect(rows.length - 1).toBe(expected.length)
    expect(expected.length).toBeGreaterThan(20)
    const byName = new Map(rows.slice(1).map((r) => [`${r[0]}|${r[3]}`, r]))
    for (const e of expected.slice(0, 50)) {
      const row = byName.get(`${e.full_name}|${e.email}`)!
      expect(row, String(e.full_name)).toBeDefined()
      expect(row[1]).toBe(String(e.age))
      expect(row[6]).toBe(e.address_city)
      expect(row[16]).toBe(e.company_name)
      expect(row[22]).toBe(e.is_pcd ? 'Sim' : 'Não')
      // Brazilian formats and option labels, from the same shared functions as the screens.
      expect(row[2]).toBe(formatPhone(e.whatsapp))
      expect(row[7]).toBe(formatUf(e.address_state))
      expect(row[8]).toBe(optionLabel('education', e.education))
      expect(row[21]).toBe(formatCep(e.cep))
      // A real date: an Excel serial number whose wall-clock time is Fortaleza's.
      const serial = Number(row[13])
      const wall = new Date(Math.round((serial - 25569) * 86_400_000))
      const instant = Date.parse(String(e.created_at).replace(/(\.\d{3})\d*Z$/, '$1Z'))
      expect(Math.abs(wall.getTime() - (instant - 3 * 3_600_000))).toBeLessThan(1000)
    }
    // The seeded phones are digits only; the sheet shows them masked.
    expect(rows.slice(1).every((r) => r[2] === '' || /^\(\d{2}\) \d{4,5}-\d{4}$/.test(r[2]!))).toBe(true)
    // Accents survive: some seeded name or place has one.
    expect(rows.slice(1).some((r) => /[áéíóúâêôãõç]/i.test(r.join(' ')))).toBe(true)
  })
  it('gives a file with only the header for an empty range', async () => {
    const response = await download('?start_date=2020-01-01&end_date=2020-01-31')
    expect(response.statusCode).toBe(200)
    const rows = cells(strFromU8(unzipSync(new Uint8Array(response.rawPayload))['xl/worksheets/sheet1.xml']!))
    expect(rows).toHaveLength(1)
  })
  it('needs both dates, in order, and an admin', async () => {
    const missing = await download('?start_date=2026-01-01')
    expect(missing.statusCode).toBe(400)
    expect(JSON.parse(missing.body)).toEqual({ message: 'Por favor, selecione as datas inicial e final.' })
    expect((await download('?start_date=2026-02-01&end_date=2026-01-01')).statusCode).toBe(400)
    const company = await stack.login('empresa A')
    expect((await stack.app.inject({ method: 'GET', url: '/bff/exports/relatorio.xlsx?start_date=2026-01-01&end_date=2026-01-31', headers: { cookie: company } })).statusCode).toBe(
      403,
    )
  })
  it('answers impossible dates and a far-away range with a 400 and a Portuguese message, never a 500 or a stall', async () => {
    for (const [query, message] of [
      ['?start_date=2026-02-30&end_date=2026-03-10', 'Informe datas válidas (dia, mês e ano que existam no calendário).'],
      ['?start_date=2026-01-01&end_date=2026-13-01', 'Informe datas válidas (dia, mês e ano que existam no calendário).'],
      ['?start_date=2026-01-01&end_date=9999-12-31', 'O relatório cobre no máximo 731 dias (2 anos). Escolha um período menor.'],
      ['?start_date=1990-01-01&end_date=2026-01-01', 'O relatório cobre no máximo 731 dias (2 anos). Escolha um período menor.'],
    ] as const) {
      const response = await download(query)
      expect({ query, status: response.statusCode, message: JSON.parse(response.body).message }).toEqual({ query, status: 400, message })
    }
    // Two years exactly is allowed.
    expect((await download('?start_date=2024-11-23&end_date=2026-11-22')).statusCode).toBe(200)
  })
})
