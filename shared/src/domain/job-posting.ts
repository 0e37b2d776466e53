import type { PublicVacancy } from '../schemas/vacancy.ts'
import { salaryText, schemaOrgBaseSalary, schemaOrgEmploymentType } from './vacancy-details.ts'
import { vacancySlug } from './vacancy-slug.ts'

/**
 * schema.org JobPosting for a public vacancy: what Google for Jobs and other aggregators
 * read from a server-rendered page. Built from the public fields only — the legacy's public list
 * has no state, dates or contract type, so:
 * - datePosted is the day this BFF first saw the vacancy visible (kept in its store);
 * - the address is the city (addressLocality) and neighbourhood, in Brazil: the public list carries
 *   no state, so addressRegion is left out rather than guessed from a city name;
 * - employmentType is the contract type the staff gave (kept by the BFF); without one, INTERN for an
 *   estágio, otherwise FULL_TIME (the agency's CLT vacancies); baseSalary when a figure was given
 *   and the salary is not "a combinar";
 * - validThrough is left out: the legacy keeps no closing date.
 */
export interface JobPostingFacts {
  /** The site's origin, e.g. https://vagas.example.com.br (canonical URLs are absolute). */
  origin: string
  /** Calendar date (YYYY-MM-DD) the vacancy was first seen visible. */
  datePosted: string
}

/** The properties schema.org/Google list as required for a JobPosting rich result. */
export const JOB_POSTING_REQUIRED = ['@context', '@type', 'title', 'description', 'datePosted', 'hiringOrganization', 'jobLocation'] as const

export const vacancyPath = (vacancy: Pick<PublicVacancy, 'id' | 'description' | 'company_name' | 'city'>): string => `/vagas/${vacancySlug(vacancy)}`

export const vacancyTitle = (vacancy: Pick<PublicVacancy, 'description'>): string => vacancy.description?.trim() || 'Vaga'

export function employmentType(vacancy: Pick<PublicVacancy, 'description' | 'details'>): string {
  return schemaOrgEmploymentType(vacancy.details, vacancy.description)
}

/** The vacancy as readable text (JobPosting.description allows plain text or HTML; we give text). */
export function vacancyText(vacancy: PublicVacancy): string {
  const lines = [`${vacancyTitle(vacancy)}${vacancy.company_name ? ` — ${vacancy.company_name}` : ''}`]
  const place = [vacancy.bairro, vacancy.city].filter(Boolean).join(', ')
  if (place) lines.push(`Local: ${place}.`)
  const about = vacancy.details?.about?.trim()
  if (about) lines.push(about)
  const salary = salaryText(vacancy.details)
  if (salary) lines.push(`Salário: ${salary}.`)
  if (vacancy.requirements.length > 0) lines.push(`Requisitos: ${vacancy.requirements.join('; ')}.`)
  if (vacancy.benefits.length > 0) lines.push(`Benefícios: ${vacancy.benefits.join('; ')}.`)
  return lines.join('\n')
}

export function jobPosting(vacancy: PublicVacancy, facts: JobPostingFacts): Record<string, unknown> {
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: vacancyTitle(vacancy),
    description: vacancyText(vacancy),
    datePosted: facts.datePosted,
    employmentType: employmentType(vacancy),
    url: `${facts.origin}${vacancyPath(vacancy)}`,
    identifier: { '@type': 'PropertyValue', name: 'Mini Vagas', value: String(vacancy.id) },
    hiringOrganization: { '@type': 'Organization', name: vacancy.company_name?.trim() || 'Mini Vagas' },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        ...(vacancy.bairro ? { streetAddress: vacancy.bairro } : {}),
        ...(vacancy.city ? { addressLocality: vacancy.city } : {}),
        addressCountry: 'BR',
      },
    },
    ...(schemaOrgBaseSalary(vacancy.details) ? { baseSalary: schemaOrgBaseSalary(vacancy.details) } : {}),
    ...(vacancy.details?.hours?.trim() ? { workHours: vacancy.details.hours.trim() } : {}),
    ...(vacancy.details?.work_model === 'remoto' ? { jobLocationType: 'TELECOMMUTE' } : {}),
    ...(vacancy.benefits.length > 0 ? { jobBenefits: vacancy.benefits.join('; ') } : {}),
    ...(vacancy.requirements.length > 0 ? { qualifications: vacancy.requirements.join('; ') } : {}),
    directApply: true,
  }
}

/**
 * JSON for a `<script type="application/ld+json">`: `<`, `>` and `&` escaped as \u sequences so a
 * vacancy's text can never close the script element (the same JSON once parsed).
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')
}
