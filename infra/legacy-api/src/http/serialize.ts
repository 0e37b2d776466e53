import { lastActionAt } from '@mini-vagas/shared/domain/last-action'

/** Row → JSON as the legacy's Eloquent models serialise them. */
type Row = Record<string, unknown>

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v))
const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v))
const list = (v: unknown): string[] => {
  try {
    const parsed: unknown = JSON.parse(String(v ?? '[]'))
    return Array.isArray(parsed) ? parsed.map(String) : []
  } catch {
    return []
  }
}

export const VACANCY_COLUMNS = `j.id, j.recrutador, j.description, j.company_name, j.cnpj, j.city, j.bairro, j.estado,
  j.requirements, j.benefits, j.criterios, j.obs, j.vagas_abertas, j.vagas_preenchidas, j.status, j.redes_sociais,
  j.created_at, j.updated_at`

export function vacancyJson(row: Row) {
  return {
    id: Number(row.id),
    recrutador: str(row.recrutador),
    description: str(row.description),
    company_name: str(row.company_name),
    cnpj: str(row.cnpj),
    city: str(row.city),
    bairro: str(row.bairro),
    estado: str(row.estado),
    requirements: list(row.requirements),
    benefits: list(row.benefits),
    criterios: list(row.criterios),
    obs: str(row.obs),
    vagas_abertas: num(row.vagas_abertas),
    vagas_preenchidas: num(row.vagas_preenchidas),
    status: str(row.status),
    redes_sociais: str(row.redes_sociais),
    ...(row.candidates_count !== undefined ? { candidates_count: Number(row.candidates_count) } : {}),
    created_at: str(row.created_at),
    updated_at: str(row.updated_at),
  }
}

export const CANDIDATE_SELECT = `SELECT c.id, c.full_name, c.age, c.genero, c.is_pcd, c.email, c.whatsapp, c.address_street,
  c.address_neighborhood, c.address_city, c.address_state, c.cep, c.education, c.curso, c.experience_1,
  c.experience_2, c.experience_3, c.veiopor, c.status, c.obs, c.job_posting_id, c.created_at, c.updated_at,
  j.id AS j_id, j.company_name AS j_company_name, j.recrutador AS j_recrutador, j.estado AS j_estado,
  j.description AS j_description, j.city AS j_city, j.created_at AS j_created_at
  FROM candidates c LEFT JOIN job_postings j ON j.id = c.job_posting_id`

export function candidateJson(row: Row) {
  const created_at = str(row.created_at)
  const updated_at = str(row.updated_at)
  return {
    id: Number(row.id),
    full_name: str(row.full_name),
    age: num(row.age),
    genero: str(row.genero),
    is_pcd: row.is_pcd === null || row.is_pcd === undefined ? null : Boolean(row.is_pcd),
    email: str(row.email),
    whatsapp: str(row.whatsapp),
    address_street: str(row.address_street),
    address_neighborhood: str(row.address_neighborhood),
    address_city: str(row.address_city),
    address_state: str(row.address_state),
    cep: str(row.cep),
    education: str(row.education),
    curso: str(row.curso),
    experience_1: str(row.experience_1),
    experience_2: str(row.experience_2),
    experience_3: str(row.experience_3),
    veiopor: str(row.veiopor),
    status: str(row.status),
    obs: str(row.obs),
    job_posting_id: num(row.job_posting_id),
    created_at,
    updated_at,
    ultima_acao: lastActionAt({ created_at, updated_at }),
    company_name: str(row.j_company_name),
    job_posting:
      row.j_id === null || row.j_id === undefined
        ? null
        : {
            company_name: str(row.j_company_name),
            recrutador: str(row.j_recrutador),
            estado: str(row.j_estado),
            description: str(row.j_description),
            city: str(row.j_city),
            created_at: str(row.j_created_at),
          },
  }
}
