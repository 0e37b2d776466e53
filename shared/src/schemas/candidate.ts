import { Type, type Static } from 'typebox'
import { BlockText, LineText } from './text.ts'
import { Nullable } from './common.ts'

/** The candidate's vacancy as nested in a candidate record (docs/product.md, Candidate). */
export const CandidateJobPosting = Type.Object({
  company_name: Nullable(Type.String()),
  recrutador: Nullable(Type.String()),
  estado: Nullable(Type.String()),
  description: Nullable(Type.String()),
  city: Nullable(Type.String()),
  created_at: Nullable(Type.String()),
})

/** A candidate as the legacy API returns it (docs/product.md, Candidate). */
export const Candidate = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  full_name: Nullable(Type.String()),
  age: Nullable(Type.Number()),
  genero: Nullable(Type.String()),
  is_pcd: Nullable(Type.Boolean()),
  email: Nullable(Type.String()),
  whatsapp: Nullable(Type.String()),
  address_street: Nullable(Type.String()),
  address_neighborhood: Nullable(Type.String()),
  address_city: Nullable(Type.String()),
  address_state: Nullable(Type.String()),
  cep: Nullable(Type.String()),
  education: Nullable(Type.String()),
  curso: Nullable(Type.String()),
  experience_1: Nullable(Type.String()),
  experience_2: Nullable(Type.String()),
  experience_3: Nullable(Type.String()),
  veiopor: Nullable(Type.String()),
  status: Nullable(Type.String()),
  obs: Nullable(Type.String()),
  job_posting_id: Nullable(Type.Integer()),
  created_at: Nullable(Type.String()),
  updated_at: Nullable(Type.String()),
  ultima_acao: Nullable(Type.String()),
  company_name: Nullable(Type.String()),
  job_posting: Nullable(CandidateJobPosting),
})
export type Candidate = Static<typeof Candidate>

const Text = (max: number) => LineText(max)
const Filled = (max: number) => LineText(max, { required: true })

/**
 * What the apply form and the forward-to-vacancy action send (docs/product.md, Application). Required fields follow
 * the apply form (docs/product.md, Validation); forwarding fills empty values with 'nao informado', so they pass too.
 */
export const CandidateApplication = Type.Object({
  fullName: Filled(255),
  age: Type.Union([Type.Number({ minimum: 0, maximum: 150 }), Text(20)]),
  genero: Filled(60),
  whatsapp: Filled(40),
  email: Type.String({ format: 'email', maxLength: 255 }),
  isPCD: Type.Union([Type.Boolean(), Text(20)]),
  address: Type.Object({
    street: Filled(255),
    neighborhood: Filled(255),
    city: Filled(255),
    state: Filled(60),
    cep: Filled(20),
  }),
  education: Filled(120),
  curso: Type.Optional(Text(255)),
  veiopor: Filled(120),
  experience: Type.Array(BlockText(2000), { minItems: 1, maxItems: 3 }),
  jobId: Type.Integer({ minimum: 1 }),
  status: Type.Optional(Text(40)),
  obs: Type.Optional(BlockText(5000)),
})
export type CandidateApplication = Static<typeof CandidateApplication>

/** The candidate edit screen's payload (docs/product.md, Candidate edit); lists send only {status, obs}, {status} or {obs}. */
export const CandidateUpdate = Type.Partial(
  Type.Object({
    full_name: Filled(255),
    age: Type.Integer({ minimum: 14, maximum: 100 }),
    genero: Text(60),
    is_pcd: Type.Boolean(),
    email: Type.String({ format: 'email', maxLength: 255 }),
    whatsapp: Filled(40),
    address_street: Text(255),
    address_neighborhood: Text(255),
    address_city: Text(255),
    address_state: Text(60),
    cep: Text(20),
    education: Text(120),
    curso: Text(255),
    experience_1: BlockText(2000),
    experience_2: BlockText(2000),
    experience_3: BlockText(2000),
    veiopor: Text(120),
    status: Text(40),
    obs: BlockText(5000),
  }),
)
export type CandidateUpdate = Static<typeof CandidateUpdate>

/**
 * What a public applicant may send (POST /bff/public/applications): the payload (docs/product.md, Application) with the
 * apply form's rules (age 14–100 as on the edit screen, PCD a yes/no) and without status or obs,
 * which only staff set. Unknown fields are dropped.
 */
export const PublicApplication = Type.Object(
  {
    fullName: CandidateApplication.properties.fullName,
    age: Type.Integer({ minimum: 14, maximum: 100 }),
    genero: CandidateApplication.properties.genero,
    whatsapp: CandidateApplication.properties.whatsapp,
    email: CandidateApplication.properties.email,
    isPCD: Type.Boolean(),
    address: Type.Object(
      {
        street: Filled(255),
        neighborhood: Filled(255),
        city: Filled(255),
        state: Filled(60),
        cep: Type.String({ pattern: '^\\d{8}$' }),
      },
      { additionalProperties: false },
    ),
    education: CandidateApplication.properties.education,
    curso: CandidateApplication.properties.curso,
    veiopor: CandidateApplication.properties.veiopor,
    experience: CandidateApplication.properties.experience,
    jobId: CandidateApplication.properties.jobId,
    /** The privacy notice's version the applicant accepted (checked, and kept with the application). */
    consent: Type.Optional(Type.Object({ version: Text(20), accepted: Type.Boolean() }, { additionalProperties: false })),
  },
  { additionalProperties: false },
)
export type PublicApplication = Static<typeof PublicApplication>
