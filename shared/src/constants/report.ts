/**
 * The spreadsheet report's columns (docs/product.md, Report row), in order, with Portuguese headers: which candidate
 * field feeds each, its width, and whether it is a date.
 */
export interface ReportColumn {
  header: string
  width: number
  kind: 'text' | 'number' | 'date' | 'yesno'
}

export const REPORT_COLUMNS = {
  full_name: { header: 'Nome Completo', width: 32, kind: 'text' },
  age: { header: 'Idade', width: 8, kind: 'number' },
  whatsapp: { header: 'WhatsApp', width: 18, kind: 'text' },
  email: { header: 'E-mail', width: 32, kind: 'text' },
  address_street: { header: 'Rua', width: 30, kind: 'text' },
  address_neighborhood: { header: 'Bairro', width: 20, kind: 'text' },
  address_city: { header: 'Cidade', width: 18, kind: 'text' },
  address_state: { header: 'Estado', width: 10, kind: 'text' },
  education: { header: 'Escolaridade', width: 26, kind: 'text' },
  curso: { header: 'Curso', width: 22, kind: 'text' },
  experience_1: { header: 'Experiência 1', width: 28, kind: 'text' },
  experience_2: { header: 'Experiência 2', width: 34, kind: 'text' },
  experience_3: { header: 'Experiência 3', width: 34, kind: 'text' },
  created_at: { header: 'Data de Inscrição', width: 18, kind: 'date' },
  ultima_acao: { header: 'Última Ação', width: 18, kind: 'date' },
  job_description: { header: 'Vaga', width: 28, kind: 'text' },
  company_name: { header: 'Empresa', width: 26, kind: 'text' },
  job_city: { header: 'Cidade da Vaga', width: 18, kind: 'text' },
  job_created_at: { header: 'Data da Vaga', width: 18, kind: 'date' },
  veiopor: { header: 'Como Soube', width: 18, kind: 'text' },
  genero: { header: 'Gênero', width: 14, kind: 'text' },
  cep: { header: 'CEP', width: 12, kind: 'text' },
  is_pcd: { header: 'PCD', width: 8, kind: 'yesno' },
} as const satisfies Record<string, ReportColumn>

export type ReportField = keyof typeof REPORT_COLUMNS
