import type { DatabaseSync } from 'node:sqlite'
import { CANDIDATE_STATUSES } from '@mini-vagas/shared/constants/candidate-statuses'
import { VACANCY_STATUSES } from '@mini-vagas/shared/constants/vacancy'
import { EDUCATION_EDIT, GENERO_APPLY, GENERO_EDIT, SUPERMARKET_EXPERIENCE, VEIOPOR_APPLY, VEIOPOR_EDIT } from '@mini-vagas/shared/constants/option-lists'
import { cnpjDigits, withCheckDigits } from '@mini-vagas/shared/domain/cnpj'
import { requiresCourse } from '@mini-vagas/shared/domain/option-lists'
import { foldText } from '@mini-vagas/shared/domain/text'
import { createIndexes, dropIndexes, timestamp, transaction } from '../db.ts'
import { hashPassword } from '../passwords.ts'
import { DEMO_ACCOUNTS } from './demo-accounts.ts'
import { createRandom, type Random } from './random.ts'
import {
  BENEFITS,
  CITIES,
  COURSES,
  CRITERIA,
  FEMALE_NAMES,
  JOB_TITLES,
  LAST_EXPERIENCES,
  MALE_NAMES,
  OBSERVATIONS,
  OTHER_COMPANIES,
  POSTAL_CODES,
  RECRUITERS,
  REQUIREMENTS,
  STREETS,
  SURNAMES,
  type City,
} from './reference-data.ts'

export interface SeedOptions {
  /** How many candidates; vacancies scale with it (24 to 600). */
  candidates: number
  seed: number
  /** The seed's "today": dates spread over the 12 months before it. */
  now: Date
}

export interface SeedSummary {
  users: number
  vacancies: number
  candidates: number
  /** Id of the vacancy that holds 5% of all candidates (the large-vacancy case). */
  largestVacancyId: number
}

const DAY = 86_400_000
const cityWeights = CITIES.map((c) => [c, c.weight] as const)

interface Company {
  name: string
  cnpj: string
}

function companies(rng: Random): { a: Company; b: Company; others: Company[] } {
  const [, a, b] = DEMO_ACCOUNTS
  return {
    a: { name: a!.name, cnpj: cnpjDigits(a!.cnpj) },
    b: { name: b!.name, cnpj: cnpjDigits(b!.cnpj) },
    others: OTHER_COMPANIES.map((name) => ({
      name,
      cnpj: withCheckDigits(`${String(rng.int(10_000_000, 99_999_999))}0001`),
    })),
  }
}

/** Both estado spellings occur in real data: most vacancies use the estado key, some the UF code. */
function estadoSpelling(rng: Random, city: City): string {
  return rng.chance(0.75) ? city.estado : city.uf
}

function phone(rng: Random, ddd: string): string {
  const n = `9${rng.int(8000, 9999)}${String(rng.int(0, 9999)).padStart(4, '0')}`
  return rng.weighted([
    [`(${ddd}) ${n.slice(0, 5)}-${n.slice(5)}`, 6],
    [`${ddd}${n}`, 3],
    [`${ddd} ${n}`, 1],
  ] as const)
}

function cepFor(rng: Random, city: City): string {
  const known = POSTAL_CODES.filter((p) => p.localidade === city.city)
  if (known.length > 0 && rng.chance(0.3)) return rng.pick(known).cep
  const digits = (city.cepPrefix + String(rng.int(0, 99_999_999))).slice(0, 8).padEnd(8, '0')
  return rng.chance(0.7) ? `${digits.slice(0, 5)}-${digits.slice(5)}` : digits
}

const MODIFIED_STATUS_WEIGHTS: readonly (readonly [string, number])[] = [
  ['triado', 12],
  ['revisao', 5],
  ['entrevista_online', 6],
  ['entrevista_presencial', 6],
  ['aprovado', 5],
  ['reprovado', 10],
  ['reprovado_empresa', 3],
  ['nao_compareceu', 4],
  ['nao_compareceu_empresa', 2],
  ['contratado', 5],
  ['segunda_fase', 2],
  ['aguardando_retorno', 5],
  ['desistente', 3],
  ['entrar_contato', 6],
  ['interessado', 4],
  ['sem_interesse', 3],
  ['sem_retorno', 4],
  ['', 3],
]

/** Both readings of each option list, plus the spellings real data drifts into. */
const GENEROS = [...new Set([...GENERO_APPLY, ...GENERO_EDIT].map((o) => o.value))]
const VEIOPOR_VALUES: readonly (readonly [string | null, number])[] = [
  ...VEIOPOR_APPLY.map((o) => [o.value, 10] as const),
  ...VEIOPOR_EDIT.map((o) => [o.value, 3] as const),
  ['Instagram', 2],
  ['Indicação', 2],
  [' whatsapp ', 1],
  ['LinkedIn', 1],
  [null, 3],
  ['', 2],
]

const PLAIN_REQUIREMENTS = ['Ensino médio completo', 'Disponibilidade de horário', 'Boa comunicação']
const PLAIN_CRITERIA = ['Morar próximo ao local de trabalho']
/** The sampled list, or the plain one for every third vacancy (the sample is drawn either way, so the random sequence stays the same). */
const plain = (sampled: readonly string[], id: number, instead: readonly string[]) => (id % 3 === 2 ? instead : sampled)

/**
 * Fills an empty database with a deterministic data set: the demo accounts, vacancies of many
 * companies (the two demo companies own theirs), and candidates over the 12 months before `now`.
 * The same options always give the same rows.
 */
export function seedDatabase(db: DatabaseSync, options: SeedOptions): SeedSummary {
  const rng = createRandom(options.seed)
  const now = options.now.getTime()
  const { a, b, others } = companies(rng)
  const vacancyCount = Math.min(600, Math.max(24, Math.round(options.candidates / 150)))

  dropIndexes(db)
  const summary = transaction(db, () => {
    db.exec('DELETE FROM candidates; DELETE FROM job_postings; DELETE FROM personal_access_tokens; DELETE FROM users;')

    const insertUser = db.prepare('INSERT INTO users (name, email, role, cnpj, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    const created = timestamp(new Date(now - 400 * DAY))
    for (const account of DEMO_ACCOUNTS) {
      insertUser.run(account.name, account.email, account.role, cnpjDigits(account.cnpj), hashPassword(account.password), created, created)
    }

    const insertVacancy = db.prepare(`INSERT INTO job_postings
      (id, recrutador, description, company_name, cnpj, city, bairro, estado, requirements, benefits, criterios, obs,
       vagas_abertas, vagas_preenchidas, status, redes_sociais, company_search, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    const vacancyCreated: number[] = []
    const vacancyCity: City[] = []
    for (let id = 1; id <= vacancyCount; id++) {
      const owner = id % 10 <= 1 ? a : id % 10 === 2 ? b : rng.pick(others)
      const city = rng.weighted(cityWeights)
      // Vacancy 1 is a year old so its many candidates spread over the whole year.
      const createdAt = id === 1 ? now - 365 * DAY : now - rng.int(3, 365) * DAY - rng.int(0, DAY)
      const updatedAt = rng.chance(0.5) ? createdAt : Math.min(now, createdAt + rng.int(1, 60) * DAY)
      const abertas = rng.int(1, 10)
      const title = JOB_TITLES[(id * 7 + rng.int(0, 3)) % JOB_TITLES.length]!
      vacancyCreated.push(createdAt)
      vacancyCity.push(city)
      insertVacancy.run(
        id,
        rng.pick(RECRUITERS),
        title,
        owner.name,
        rng.chance(0.95) ? owner.cnpj : '',
        city.city,
        rng.pick(city.neighbourhoods),
        estadoSpelling(rng, city),
        // Every third vacancy asks only for what needs no review (docs/product.md, Limits), so screening it has
        // triados as well as revisões; the rest ask for things a person must check.
        JSON.stringify(plain(rng.sample(REQUIREMENTS, rng.int(1, 4)), id, PLAIN_REQUIREMENTS)),
        JSON.stringify(rng.sample(BENEFITS, rng.int(0, 4))),
        JSON.stringify(plain(rng.sample(CRITERIA, rng.int(0, 3)), id, PLAIN_CRITERIA)),
        id <= 3 || rng.chance(0.7) ? 'mostrar' : 'nao mostrar',
        abertas,
        rng.int(0, abertas),
        VACANCY_STATUSES[id % VACANCY_STATUSES.length]!,
        rng.chance(0.6) ? 'instagram, facebook' : null,
        foldText(owner.name),
        timestamp(new Date(createdAt)),
        timestamp(new Date(updatedAt)),
      )
    }

    // Which vacancy each candidate applied to: 5% to vacancy 1, the rest spread with a long tail.
    const tail = Array.from({ length: vacancyCount - 1 }, (_, i) => 1 / Math.pow(i + 1, 0.7))
    const cumulative: number[] = []
    tail.reduce((sum, w, i) => (cumulative[i] = sum + w), 0)
    const tailTotal = cumulative[cumulative.length - 1] ?? 1
    const pickVacancy = (): number => {
      if (rng.chance(0.05)) return 0
      const roll = rng.next() * tailTotal
      let lo = 0
      let hi = cumulative.length - 1
      while (lo < hi) {
        const mid = (lo + hi) >> 1
        if ((cumulative[mid] ?? 0) < roll) lo = mid + 1
        else hi = mid
      }
      return lo + 1
    }

    // Ids follow creation order, as an auto-increment would.
    const applications = Array.from({ length: options.candidates }, () => {
      const vacancy = pickVacancy()
      const from = vacancyCreated[vacancy]!
      return { vacancy, createdAt: from + Math.floor(rng.next() * (now - from)) }
    }).sort((x, y) => x.createdAt - y.createdAt)

    const insertCandidate = db.prepare(`INSERT INTO candidates
      (full_name, age, genero, is_pcd, email, whatsapp, address_street, address_neighborhood, address_city,
       address_state, cep, education, curso, experience_1, experience_2, experience_3, veiopor, status, obs,
       job_posting_id, search_text, created_at, updated_at)
      VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`)
    applications.forEach(({ vacancy, createdAt }, index) => {
      const female = rng.chance(0.55)
      const first = rng.pick(female ? FEMALE_NAMES : MALE_NAMES)
      const fullName = `${first} ${rng.pick(SURNAMES)} ${rng.pick(SURNAMES)}`
      const city = rng.chance(0.8) ? vacancyCity[vacancy]! : rng.weighted(cityWeights)
      const education = rng.pick(EDUCATION_EDIT).value
      const email = `${foldText(fullName).replace(/ /g, '.')}${index}@exemplo.com.br`
      const whatsapp = phone(rng, city.ddd)
      const modified = rng.chance(0.45)
      const updatedAt = modified ? Math.min(now, createdAt + rng.int(1, 45 * 24) * 3_600_000) : createdAt
      // The first rows cover every status once, so even a small seed holds all of them.
      const status =
        index < CANDIDATE_STATUSES.length
          ? CANDIDATE_STATUSES[index]!
          : modified
            ? rng.weighted(MODIFIED_STATUS_WEIGHTS)
            : rng.weighted([
                [null, 4],
                ['', 3],
                ['pendente', 3],
              ] as const)
      insertCandidate.run(
        fullName,
        rng.weighted([
          [rng.int(16, 17), 1],
          [rng.int(18, 28), 6],
          [rng.int(29, 45), 3],
          [rng.int(46, 66), 1],
        ] as const),
        rng.chance(0.97) ? (female ? rng.pick(['feminino', 'feminino', 'feminino', ...GENEROS]) : rng.pick(['masculino', 'masculino', 'masculino', ...GENEROS])) : null,
        rng.chance(0.05) ? 1 : 0,
        email,
        whatsapp,
        rng.pick(STREETS) + (rng.chance(0.8) ? `, ${rng.int(1, 2500)}` : ''),
        rng.pick(city.neighbourhoods),
        city.city,
        rng.weighted([
          [city.uf, 8],
          [city.estado, 2],
        ] as const),
        cepFor(rng, city),
        education,
        requiresCourse(education) ? rng.pick(COURSES) : rng.chance(0.1) ? '' : null,
        rng.chance(0.9) ? rng.pick(SUPERMARKET_EXPERIENCE).value : rng.pick(['', null]),
        rng.chance(0.85) ? rng.pick(LAST_EXPERIENCES) : '',
        rng.chance(0.1) ? rng.pick(LAST_EXPERIENCES) : rng.pick(['', null]),
        rng.weighted(VEIOPOR_VALUES),
        status,
        modified && rng.chance(0.3) ? rng.pick(OBSERVATIONS) : rng.chance(0.5) ? null : '',
        vacancy + 1,
        foldText(`${fullName} ${email} ${whatsapp} ${whatsapp.replace(/\D/g, '')}`),
        timestamp(new Date(createdAt)),
        timestamp(new Date(updatedAt)),
      )
    })

    return { users: DEMO_ACCOUNTS.length, vacancies: vacancyCount, candidates: options.candidates, largestVacancyId: 1 }
  })
  createIndexes(db)
  return summary
}
