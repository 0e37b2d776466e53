import type { FastifyInstance } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { formatDate, formatDateTime } from '@mini-vagas/shared/domain/dates'
import {
  APPLICANT_LINK_GONE,
  explainCriterion,
  linkHolder,
  SCREENING_REVIEW_HOW,
  screeningDecisionText,
  screeningMethod,
  screeningOutcomeText,
} from '@mini-vagas/shared/domain/my-applications'
import { ErrorBody, Failures } from '@mini-vagas/shared/schemas/common'
import { MyApplicationsBody, ScreeningExplanationAnswer } from '@mini-vagas/shared/schemas/my-applications'
import type { ScreeningStore } from './store.ts'

/**
 * "Entenda a triagem" (LGPD Art. 20): for an applicant holding their "Minhas candidaturas" link,
 * how each automated screening that took part in a decision about them judged them — built from
 * the evidence the run stored (criteria, what was read, how it was judged, by rules or a model),
 * that a person decided, and how to ask for a person's review. Nothing is judged again here.
 */
export function explanationRoute(app: FastifyInstance, store: ScreeningStore) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  api.post(
    '/bff/public/my-applications/screening',
    {
      config: { access: 'public' },
      schema: { tags: ['my-applications'], body: MyApplicationsBody, response: { 200: ScreeningExplanationAnswer, 410: ErrorBody, ...Failures } },
    },
    async (request) => {
      const link = await app.applicantLinks.opened(request.ip, request.body.token, 'candidaturas', APPLICANT_LINK_GONE)
      const holder = linkHolder(link.email)
      const records = (await app.candidateIndex?.byContact(holder.kind, holder.key, 100)) ?? []
      const verdicts = await store.decidedVerdicts(records.map((r) => Number(r.id)))
      return {
        explanations: verdicts.map((v) => ({
          id: v.candidateId,
          at: formatDate(v.runAt),
          vacancy: [v.vacancy.description, v.vacancy.company_name].filter(Boolean).join(' — ') || 'Vaga',
          method: screeningMethod(v.provider, v.model),
          criteria: v.evidence.map(explainCriterion),
          outcome: screeningOutcomeText(v.outcome),
          decision: screeningDecisionText(v.reviewedAt ? formatDateTime(v.reviewedAt) : null),
          review: SCREENING_REVIEW_HOW,
        })),
      }
    },
  )
}
