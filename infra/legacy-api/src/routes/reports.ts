import type { FastifyInstance } from 'fastify'
import { requireAuth } from '../http/auth.ts'
import { createdAtFilter, isFailure } from '../http/dates.ts'
import { CANDIDATE_SELECT, candidateJson } from '../http/serialize.ts'
import { unprocessable, type LegacyContext } from './context.ts'

/**
 * GET /api/excel_relatorio?start_date&end_date: a bare array of report rows (docs/product.md, Report row), both
 * dates required, candidates created in the range, oldest first.
 */
export async function reportRoutes(app: FastifyInstance, { db, tokens }: LegacyContext) {
  app.get<{ Querystring: Record<string, unknown> }>('/api/excel_relatorio', { preHandler: requireAuth(tokens) }, async (request, reply) => {
    const range = createdAtFilter(request.query, 'c.created_at', true)
    if (isFailure(range)) return unprocessable(reply, range)
    const rows = db.prepare(`${CANDIDATE_SELECT} WHERE ${range.sql} ORDER BY c.created_at, c.id`).all(...range.params)
    return rows.map((row) => {
      const c = candidateJson(row)
      return {
        full_name: c.full_name,
        age: c.age,
        whatsapp: c.whatsapp,
        email: c.email,
        address_street: c.address_street,
        address_neighborhood: c.address_neighborhood,
        address_city: c.address_city,
        address_state: c.address_state,
        education: c.education,
        curso: c.curso,
        experience_1: c.experience_1,
        experience_2: c.experience_2,
        experience_3: c.experience_3,
        created_at: c.created_at,
        ultima_acao: c.ultima_acao,
        job_description: c.job_posting?.description ?? null,
        company_name: c.company_name,
        job_city: c.job_posting?.city ?? null,
        job_created_at: c.job_posting?.created_at ?? null,
        veiopor: c.veiopor,
        genero: c.genero,
        cep: c.cep,
        is_pcd: c.is_pcd,
      }
    })
  })
}
