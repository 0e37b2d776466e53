import { Type, type Static } from 'typebox'
import { PublicVacancy } from './vacancy.ts'

/** GET /bff/public/vacancies: the vacancies shown to applicants (hidden ones and private fields dropped). */
export const PublicVacancyList = Type.Object({ vacancies: Type.Array(PublicVacancy) })
export type PublicVacancyList = Static<typeof PublicVacancyList>

/** GET /bff/public/vacancies/:id */
export const PublicVacancyAnswer = Type.Object({ vacancy: PublicVacancy })
export type PublicVacancyAnswer = Static<typeof PublicVacancyAnswer>

/** POST /bff/public/applications: the product's confirmation and the legacy's id of the new record. */
export const ApplicationAnswer = Type.Object({ message: Type.String(), id: Type.Union([Type.Integer(), Type.Null()]) })
export type ApplicationAnswer = Static<typeof ApplicationAnswer>
