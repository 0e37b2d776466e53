import { describe, expect, it } from 'vitest'
import { candidatesCsv } from './csv.ts'

describe('candidates CSV', () => {
  it('starts with a BOM, uses ; and CRLF, quotes per RFC 4180 and keeps accents', () => {
    const csv = candidatesCsv([
      {
        id: 1,
        full_name: 'Conceição "Ção" Araújo',
        email: 'c@x.com',
        whatsapp: '85;9',
        status: 'triado',
        created_at: '2026-01-01T00:00:00Z',
        updated_at: '2026-01-01T00:00:00Z',
      } as never,
    ])
    expect(csv.charCodeAt(0)).toBe(0xfeff)
    const [header, row] = csv.slice(1).split('\r\n')
    expect(header).toBe('Nome;Email;WhatsApp;Idade;Gênero;Cidade;Estado;Escolaridade;Curso;PCD;Última Ação;Status;Observações')
    expect(row).toContain('"Conceição ""Ção"" Araújo";c@x.com;"85;9"')
    expect(row).toContain(';Triado;')
  })
  it('neutralises formula injection in any cell', () => {
    const csv = candidatesCsv([{ id: 1, full_name: '=HYPERLINK("http://evil","x")', obs: '@SUM(1)' } as never])
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`)
    expect(csv).toContain("'@SUM(1)")
    // Full-width signs open formulas too in some spreadsheets (csv-stringify's escape_formulas).
    const wide = candidatesCsv([{ id: 1, full_name: '＝1+1', obs: '＋cmd' } as never])
    expect(wide).toContain("'＝1+1")
    expect(wide).toContain("'＋cmd")
  })
})

describe('candidates CSV read back by a standard parser', () => {
  it('survives quotes, separators, newlines and accents', async () => {
    const { parse } = await import('csv-parse/sync')
    const csv = candidatesCsv([{ id: 1, full_name: 'Ana "Nina"; Souza', email: 'a@x.com', obs: 'linha 1\r\nlinha 2', address_city: 'Mossoró', status: 'revisao' } as never])
    const [header, row] = parse(csv, { delimiter: ';', bom: true }) as string[][]
    expect(header![12]).toBe('Observações')
    expect(row![0]).toBe('Ana "Nina"; Souza')
    expect(row![5]).toBe('Mossoró')
    expect(row![11]).toBe('Revisão')
    expect(row![12]).toBe('linha 1\r\nlinha 2')
  })
})
