import { parse } from 'csv-parse/sync'
import { strFromU8, unzipSync } from 'fflate'
import nock from 'nock'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { EXPORT_MESSAGES, MAX_RENDER_BODY_BYTES } from '@mini-vagas/shared/domain/export-rules'
import { CSRF_HEADERS, testApp, signedIn } from '../../testing.ts'

// POST /bff/exports/render: the export control's files, read back by independent readers.
let app: FastifyInstance
let cookie: string
beforeAll(async () => {
  app = await testApp()
  cookie = await signedIn(app, { name: 'A', email: 'a@x', role: 'admin', cnpj: '1' }, '1|t')
})
afterAll(async () => {
  await app.close()
  nock.cleanAll()
})

const rows = [
  { nome: 'Conceição "Ção" Araújo', cidade: 'São Gonçalo; RN', nota: 'linha 1\nlinha 2', formula: '=HYPERLINK("http://x")', cpf: 123456789012, vazio: null },
  { nome: 'José', cidade: 'Natal', nota: '', formula: '+1', cpf: 7, vazio: '' },
]
const fields = { nome: 'Nome', cidade: 'Cidade', nota: 'Nota', formula: 'Fórmula', cpf: 'CPF', vazio: 'Vazio' }
const render = (body: Record<string, unknown>) => app.inject({ method: 'POST', url: '/bff/exports/render', headers: { ...CSRF_HEADERS, cookie }, payload: JSON.stringify(body) })

describe('POST /bff/exports/render', () => {
  it('writes CSV that a standard parser reads back: ;, quotes, newlines, accents, neutralised formulas, default value', async () => {
    const response = await render({ rows, fields, type: 'csv', fileName: 'lista.csv', defaultValue: '-' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-disposition']).toBe('attachment; filename="lista.csv"')
    const parsed = parse(response.body, { delimiter: ';', bom: true }) as string[][]
    expect(parsed[0]).toEqual(['Nome', 'Cidade', 'Nota', 'Fórmula', 'CPF', 'Vazio'])
    expect(parsed[1]).toEqual(['Conceição "Ção" Araújo', 'São Gonçalo; RN', 'linha 1\nlinha 2', `'=HYPERLINK("http://x")`, '123456789012', '-'])
    expect(parsed[2]).toEqual(['José', 'Natal', '-', "'+1", '7', '-'])
  })
  it('writes xlsx with the worksheet name, bold header, long numbers kept as text', async () => {
    const response = await render({ rows, fields, type: 'xlsx', worksheetName: 'Candidatos', fileName: 'lista.xlsx' })
    expect(response.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(response.rawPayload))
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('name="Candidatos"')
    // Text as the report (docs/product.md, Report row) writes it: plain cells, inline strings where a plain cell would change it; no string table held in memory.
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!)
    expect(sheet).toContain('Conceição &quot;Ção&quot; Araújo')
    expect(sheet).toMatch(/t="str"><v>123456789012<\/v>/)
    expect(sheet).toContain('<t xml:space="preserve">linha 1\nlinha 2</t>')
    expect(sheet).toContain('<pane ySplit="1"')
    expect(strFromU8(files['xl/styles.xml']!)).toMatch(/<b\/>/)
  })
  it('writes html and the Excel-compatible xls, escaped, right-to-left on request', async () => {
    const html = await render({ rows, fields, type: 'html', rtl: true, header: ['Relatório <teste>'] })
    expect(html.body).toContain('<table dir="rtl">')
    expect(html.body).toContain('Relatório &lt;teste&gt;')
    expect(html.body).toContain('Concei')
    expect(html.body).not.toContain('<teste>')
    const xls = await render({ rows, fields })
    expect(xls.headers['content-type']).toMatch(/vnd\.ms-excel/)
    expect(xls.headers['content-disposition']).toBe('attachment; filename="data.xls"')
    expect(xls.body).toContain('<x:Name>Sheet1</x:Name>')
  })
  it('neutralises formula cells in html and xls as in CSV, so no spreadsheet program evaluates them', async () => {
    const hostile = [{ a: '=HYPERLINK("http://x","y")', b: '+1', c: '-2+3', d: '@SUM(1)', e: 'Seguro', f: 12 }]
    for (const type of ['html', 'xls']) {
      const body = (await render({ rows: hostile, type })).body
      const cells = [...body.matchAll(/<td[^>]*>([^<]*)<\/td>/g)].map((m) => m[1])
      expect(cells, type).toEqual(['&#39;=HYPERLINK(&quot;http://x&quot;,&quot;y&quot;)', '&#39;+1', '&#39;-2+3', '&#39;@SUM(1)', 'Seguro', '12'])
      if (type === 'xls') expect(body).toContain('<td style="mso-number-format:\\@">&#39;+1</td>')
    }
  })
  it('refuses bad sheet names, unknown types, empty tables and format limits with clear messages', async () => {
    const bad = await render({ rows, type: 'xlsx', worksheetName: 'History' })
    expect(bad.statusCode).toBe(422)
    expect(JSON.parse(bad.body).message).toMatch(/History/)
    expect(JSON.parse((await render({ rows, worksheetName: '' })).body).message).toBe('O nome da planilha não pode ficar em branco.')
    expect(JSON.parse((await render({ rows, type: 'pdf' })).body).message).toBe('Tipo de arquivo não reconhecido.')
    expect(JSON.parse((await render({ rows: [] })).body).message).toBe('A pasta de trabalho está vazia.')
    const wide = Object.fromEntries(Array.from({ length: 257 }, (_, i) => [`c${i}`, 'x']))
    expect(JSON.parse((await render({ rows: [wide], type: 'xls' })).body).message).toBe('O arquivo aceita no máximo 256 colunas.')
    expect(JSON.parse((await render({ rows: [{ a: 'x'.repeat(32_768) }], type: 'xlsx' })).body).message).toMatch(/32\.767/)
  })
  it('streams a large table whole in every format, row for row', async () => {
    const many = Array.from({ length: 12_000 }, (_, i) => ({ n: i, nome: `Candidata ${i}`, cidade: i % 2 ? 'Natal' : 'Fortaleza' }))
    const csv = await render({ rows: many, type: 'csv', defaultValue: '-' })
    const parsed = parse(csv.body, { delimiter: ';', bom: true }) as string[][]
    expect(parsed).toHaveLength(12_001)
    expect(parsed[12_000]).toEqual(['11999', 'Candidata 11999', 'Natal'])
    const html = await render({ rows: many, type: 'html' })
    expect(html.body.match(/<tr>/g)).toHaveLength(12_001)
    expect(html.body.endsWith('</tbody></table></body></html>')).toBe(true)
    const xlsx = await render({ rows: many, type: 'xlsx', footer: ['Fim'] })
    const sheet = strFromU8(unzipSync(new Uint8Array(xlsx.rawPayload))['xl/worksheets/sheet1.xml']!)
    expect(sheet.match(/<row /g)).toHaveLength(12_002)
    expect(sheet).toContain('<v>Candidata 11999</v>')
  })
  it('refuses a body over the render limit with a 413 and the text that names it, before reading it all', async () => {
    const over = JSON.stringify({ rows: Array.from({ length: 300 }, () => ({ a: 'x'.repeat(30_000) })), type: 'csv' })
    expect(over.length).toBeGreaterThan(MAX_RENDER_BODY_BYTES)
    const response = await app.inject({ method: 'POST', url: '/bff/exports/render', headers: { ...CSRF_HEADERS, cookie }, payload: over })
    expect(response.statusCode).toBe(413)
    expect(JSON.parse(response.body).message).toBe(EXPORT_MESSAGES.tooLarge)
  })
  it('is for admins only: a company user is refused before its body is read', async () => {
    const company = await signedIn(app, { name: 'C', email: 'c@x', role: 'company', cnpj: '2' }, '2|t')
    const response = await app.inject({ method: 'POST', url: '/bff/exports/render', headers: { ...CSRF_HEADERS, cookie: company }, payload: JSON.stringify({ rows }) })
    expect(response.statusCode).toBe(403)
  })
  it('needs a session', async () => {
    const response = await app.inject({ method: 'POST', url: '/bff/exports/render', headers: CSRF_HEADERS, payload: JSON.stringify({ rows }) })
    expect(response.statusCode).toBe(401)
  })
})
