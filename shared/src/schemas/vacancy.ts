import { Type, type Static } from 'typebox'
import { BlockText, LineText } from './text.ts'
import { Nullable } from './common.ts'

/** What the BFF keeps about a vacancy where the legacy has no field (shared/domain/vacancy-details.ts); '' or null clears a field. */
export const VacancyDetails = Type.Object(
  {
    about: Type.Optional(BlockText(4000)),
    salary_min: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
    salary_max: Type.Optional(Nullable(Type.Number({ minimum: 0, maximum: 1_000_000 }))),
    salary_negotiable: Type.Optional(Type.Boolean()),
    contract: Type.Optional(Nullable(Type.Union([Type.Literal('clt'), Type.Literal('pj'), Type.Literal('estagio'), Type.Literal('temporario')]))),
    work_model: Type.Optional(Nullable(Type.Union([Type.Literal('presencial'), Type.Literal('hibrido'), Type.Literal('remoto')]))),
    hours: Type.Optional(LineText(120)),
  },
  { additionalProperties: false },
)
export type VacancyDetails = Static<typeof VacancyDetails>

/** A vacancy (processo seletivo) as the legacy API returns it (docs/product.md, Vacancy). */
export const Vacancy = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  recrutador: Nullable(Type.String()),
  description: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  cnpj: Nullable(Type.String()),
  city: Nullable(Type.String()),
  bairro: Nullable(Type.String()),
  estado: Nullable(Type.String()),
  requirements: Type.Array(Type.String()),
  benefits: Type.Array(Type.String()),
  criterios: Type.Array(Type.String()),
  obs: Nullable(Type.String()),
  vagas_abertas: Nullable(Type.Number()),
  vagas_preenchidas: Nullable(Type.Number()),
  status: Nullable(Type.String()),
  redes_sociais: Nullable(Type.String()),
  candidates_count: Type.Optional(Type.Integer({ minimum: 0 })),
  /** Staff lists only: created by the client company and still hidden, waiting for the staff to publish it. */
  awaitingPublication: Type.Optional(Type.Boolean()),
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
})
export type Vacancy = Static<typeof Vacancy>

/** What the public sees of a vacancy (docs/product.md, Legacy calls, GET /vagas-publicas). */
export const PublicVacancy = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  description: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  city: Nullable(Type.String()),
  bairro: Nullable(Type.String()),
  requirements: Type.Array(Type.String()),
  benefits: Type.Array(Type.String()),
  /** Kept by the BFF: description, salary, contract, work model, hours. */
  details: Type.Optional(VacancyDetails),
})
export type PublicVacancy = Static<typeof PublicVacancy>

/** The vacancy form's fields (docs/product.md, Vacancy form), as sent on create and update. */
export const VacancyInput = Type.Object({
  recrutador: Type.Optional(LineText(120)),
  description: Type.Optional(LineText(255)),
  company_name: Type.Optional(LineText(255)),
  // Numeric or alphanumeric: up to 12 digits or capital letters, then up to 2 check digits.
  cnpj: Type.Optional(Type.String({ pattern: '^(?:[0-9A-Z]{0,12}|[0-9A-Z]{12}[0-9]{1,2})$' })),
  city: Type.Optional(LineText(120)),
  bairro: Type.Optional(LineText(120)),
  estado: Type.Optional(LineText(40)),
  requirements: Type.Optional(Type.Array(LineText(500), { maxItems: 100 })),
  benefits: Type.Optional(Type.Array(LineText(500), { maxItems: 100 })),
  criterios: Type.Optional(Type.Array(LineText(500), { maxItems: 100 })),
  obs: Type.Optional(LineText(40)),
  vagas_abertas: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  vagas_preenchidas: Type.Optional(Type.Integer({ minimum: 0, maximum: 100000 })),
  status: Type.Optional(LineText(40)),
  redes_sociais: Type.Optional(BlockText(500)),
  details: Type.Optional(VacancyDetails),
})
export type VacancyInput = Static<typeof VacancyInput>

/**
 * What a company sends for its own vacancy: no company name, CNPJ, visibility, status or
 * filled count — the BFF sets those from the session. Description and city are required.
 */
export const CompanyVacancyInput = Type.Object(
  {
    description: LineText(255, { required: true }),
    city: LineText(120, { required: true }),
    bairro: Type.Optional(LineText(120)),
    estado: Type.Optional(LineText(40)),
    requirements: Type.Optional(Type.Array(LineText(500), { maxItems: 100 })),
    benefits: Type.Optional(Type.Array(LineText(500), { maxItems: 100 })),
    criterios: Type.Optional(Type.Array(LineText(500), { maxItems: 100 })),
    vagas_abertas: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
    redes_sociais: Type.Optional(BlockText(500)),
  },
  { additionalProperties: false },
)
export type CompanyVacancyInput = Static<typeof CompanyVacancyInput>

/** A vacancy as the BFF lists it: the legacy may leave out any field but its id. */
export const ListedVacancy = Type.Object({ ...Type.Partial(Vacancy).properties, id: Vacancy.properties.id, details: Type.Optional(VacancyDetails) })
export type ListedVacancy = Static<typeof ListedVacancy>

/** GET /bff/vacancies: the vacancies the session may see (a company: its own). */
export const VacancyList = Type.Object({ vacancies: Type.Array(ListedVacancy) })
export type VacancyList = Static<typeof VacancyList>

/** One vacancy: GET /bff/vacancies/:id, /by-slug/:slug, and the answer of every vacancy write. */
export const VacancyAnswer = Type.Object({ vacancy: ListedVacancy })
export type VacancyAnswer = Static<typeof VacancyAnswer>

export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 300 }) })

/** A created vacancy: the new record when the legacy returns it (the legacy's known contract does not give its answer), else null. */
export const CreatedVacancy = Type.Object({ vacancy: Type.Union([ListedVacancy, Type.Null()]) })
export type CreatedVacancy = Static<typeof CreatedVacancy>
