import nock from 'nock'
import { SaxesParser } from 'saxes'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { JOB_POSTING_REQUIRED } from '@mini-vagas/shared/domain/job-posting'
import { LEGACY, testApp } from '../../testing.ts'
import { openStore } from '../../plugins/store.ts'
import { createPostingDates } from './pages.ts'

const ORIGIN = 'https://vagas.example.com.br'
const repositor = {
  id: 7,
  description: 'Repositor',
  company_name: 'Mercado Sol',
  city: 'Fortaleza',
  bairro: 'Aldeota',
  requirements: ['Ensino médio'],
  benefits: ['VT', 'VR'],
  obs: 'mostrar',
}
const hostile = {
  id: 8,
  description: 'Caixa $& </script><script>alert(1)</script>',
  company_name: 'Loja "A" & <b>B</b>',
  city: 'Natal',
  bairro: null,
  requirements: ['$& $1 $$'],
  benefits: [],
  obs: 'mostrar',
}
const internship = { id: 9, description: 'Estágio em Logística', company_name: 'Mercado Sol', city: 'Caucaia', bairro: null, requirements: [], benefits: [], obs: 'mostrar' }
const hidden = { id: 10, description: 'Oculta', company_name: 'X', city: 'Aquiraz', bairro: null, requirements: [], benefits: [], obs: 'nao mostrar' }
const LIST = [repositor, hostile, internship, hidden]

let app: FastifyInstance
let clock = Date.parse('2026-11-20T12:00:00Z')
beforeEach(async () => {
  clock = Date.parse('2026-11-20T12:00:00Z')
  app = await testApp({ PUBLIC_ORIGIN: ORIGIN, PUBLIC_CACHE_SECONDS: '0' }, { now: () => clock })
})
afterEach(async () => {
  await app.close()
  nock.cleanAll()
})

const page = (url: string) => app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
const jsonLd = (html: string): Record<string, unknown>[] =>
  [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)

/**
 * schema.org JobPosting as Google for Jobs requires it: the required properties present and
 * non-empty, the organisation and place typed, an ISO date, a known employment type.
 */
function jobPostingProblems(posting: Record<string, unknown>): string[] {
  const problems: string[] = []
  for (const key of JOB_POSTING_REQUIRED) if (posting[key] === undefined || posting[key] === '') problems.push(`${key} missing`)
  if (posting['@context'] !== 'https://schema.org/' || posting['@type'] !== 'JobPosting') problems.push('not a schema.org JobPosting')
  const org = posting.hiringOrganization as Record<string, unknown> | undefined
  if (org?.['@type'] !== 'Organization' || typeof org.name !== 'string' || org.name === '') problems.push('hiringOrganization needs @type Organization and a name')
  const place = posting.jobLocation as { '@type'?: string; address?: Record<string, unknown> } | undefined
  if (place?.['@type'] !== 'Place' || place.address?.['@type'] !== 'PostalAddress') problems.push('jobLocation needs a Place with a PostalAddress')
  if (!place?.address?.addressLocality || place.address.addressCountry !== 'BR') problems.push('the address needs its locality and country')
  if (typeof posting.datePosted !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(posting.datePosted)) problems.push('datePosted must be an ISO 8601 date')
  const types = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER']
  if (posting.employmentType !== undefined && !types.includes(String(posting.employmentType))) problems.push('unknown employmentType')
  if (posting.validThrough !== undefined && Number.isNaN(Date.parse(String(posting.validThrough)))) problems.push('validThrough must be a date')
  return problems
}

describe('GET /vagas/:slug — a server-rendered vacancy', () => {
  it('has the text, a canonical URL, Open Graph tags and valid JobPosting JSON-LD', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const response = await page('/vagas/repositor-mercado-sol-fortaleza-7')
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    const html = response.body
    expect(html).toContain('<h1>Repositor</h1>')
    expect(html).toContain('<li>Ensino médio</li>')
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/vagas/repositor-mercado-sol-fortaleza-7" />`)
    expect(html).toContain('<meta property="og:title" content="Repositor em Fortaleza — Mini Vagas" />')
    expect(html).toContain(`<meta property="og:url" content="${ORIGIN}/vagas/repositor-mercado-sol-fortaleza-7" />`)
    expect(html).toMatch(/<meta name="description" content="Repositor — Mercado Sol Local: Aldeota, Fortaleza\./)
    expect(html).toContain('<title>Repositor em Fortaleza — Mini Vagas</title>')
    const [posting] = jsonLd(html)
    expect(jobPostingProblems(posting!)).toEqual([])
    expect(posting).toMatchObject({
      title: 'Repositor',
      datePosted: '2026-11-20',
      employmentType: 'FULL_TIME',
      hiringOrganization: { name: 'Mercado Sol' },
      jobLocation: { address: { addressLocality: 'Fortaleza', streetAddress: 'Aldeota', addressCountry: 'BR' } },
      url: `${ORIGIN}/vagas/repositor-mercado-sol-fortaleza-7`,
    })
  })

  it('the validator fails a posting that misses what Google requires (so the check above can fail)', () => {
    expect(jobPostingProblems({ '@context': 'https://schema.org/', '@type': 'JobPosting', title: 'x', datePosted: '20/11/2026' })).toEqual(
      expect.arrayContaining(['description missing', 'hiringOrganization missing', 'jobLocation missing', 'datePosted must be an ISO 8601 date']),
    )
  })

  it('an estágio is an INTERN posting', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const [posting] = jsonLd((await page('/vagas/estagio-em-logistica-mercado-sol-caucaia-9')).body)
    expect(posting).toMatchObject({ employmentType: 'INTERN' })
    expect(jobPostingProblems(posting!)).toEqual([])
  })

  it("a vacancy's text cannot break out of the page or the JSON-LD", async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const response = await page('/candidato/8')
    expect(response.statusCode).toBe(200)
    expect(response.body).not.toContain('<script>alert(1)</script>')
    expect(response.body).not.toContain('<b>B</b>')
    expect(response.body).toContain('<title>Caixa $&amp; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; em Natal — Mini Vagas</title>')
    expect(response.body).toContain('<meta name="description" content="Caixa $&amp; &lt;/script&gt;')
    expect(response.body).toContain('<h1>Caixa $&amp; &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;</h1>')
    expect(response.body).toContain('<li>$&amp; $1 $$</li>')
    const scripts = response.body.match(/<script/g) ?? []
    expect(scripts).toHaveLength(1) // the JSON-LD only
    const [posting] = jsonLd(response.body)
    expect(posting).toMatchObject({ title: hostile.description, hiringOrganization: { name: hostile.company_name } })
  })

  it('the page allows its own style nonce and still no inline script', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const response = await page('/vagas/repositor-mercado-sol-fortaleza-7')
    const nonce = /<meta name="csp-nonce" content="([^"]+)"/.exec(response.body)?.[1]
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/)
    const csp = String(response.headers['content-security-policy'])
    expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`)
    expect(csp).toContain("script-src 'self';")
    expect(csp).not.toContain('unsafe-inline')
    const again = await page('/vagas/repositor-mercado-sol-fortaleza-7')
    expect(again.body).not.toContain(nonce!)
  })

  it('/candidato/:id (the apply address) points to the vacancy page as canonical', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const html = (await page('/candidato/7')).body
    expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/vagas/repositor-mercado-sol-fortaleza-7" />`)
  })

  it('an edited title moves the old address to the new one (301); a hidden or unknown vacancy is a 404 not to index', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const moved = await page('/vagas/repositor-antigo-7')
    expect(moved.statusCode).toBe(301)
    expect(moved.headers.location).toBe('/vagas/repositor-mercado-sol-fortaleza-7')
    for (const url of ['/vagas/oculta-x-aquiraz-a', '/candidato/10', '/vagas/nao-existe-zz', '/candidato/999']) {
      const missing = await page(url)
      expect(missing.statusCode, url).toBe(404)
      expect(missing.body).toContain('<meta name="robots" content="noindex" />')
      expect(missing.body).not.toContain('application/ld+json')
    }
  })

  it('the legacy down with nothing cached: the shell with 503, not a crash', async () => {
    nock(LEGACY).get('/api/vagas-publicas').times(3).reply(500, { message: 'Server Error' })
    expect((await page('/vagas/repositor-mercado-sol-fortaleza-7')).statusCode).toBe(503)
    expect((await page('/vagas')).statusCode).toBe(503)
    expect((await app.inject({ method: 'GET', url: '/sitemap.xml' })).statusCode).toBe(503)
  })
})

describe('the list, the sitemap and robots.txt', () => {
  it('/ and /vagas list the visible vacancies with links to their pages', async () => {
    nock(LEGACY).get('/api/vagas-publicas').times(2).reply(200, LIST)
    for (const url of ['/', '/vagas']) {
      const html = (await page(url)).body
      expect(html).toContain('<h1>Vagas Disponíveis</h1>')
      expect(html).toContain('<p class="result-count">3 vagas</p>')
      expect(html).toContain('<a href="/vagas/repositor-mercado-sol-fortaleza-7">Repositor</a>')
      expect(html).not.toContain('Oculta')
      expect(html).toContain(`<link rel="canonical" href="${ORIGIN}/vagas" />`)
      expect(html).toContain('<a class="button button-small" href="/login">Entrar</a>')
    }
  })

  it('search and pages in the address: the same words and pages the SPA shows, a form that works without it, nothing to index', async () => {
    const padeiros = Array.from({ length: 30 }, (_, i) => ({ ...repositor, id: 100 + i, description: `Padeiro ${i + 1}`, city: 'Natal' }))
    nock(LEGACY)
      .get('/api/vagas-publicas')
      .times(5)
      .reply(200, [...LIST, ...padeiros])
    const first = (await page('/vagas?busca=natal%20padeiro')).body
    expect(first).toContain('<p class="result-count">30 vagas</p>')
    expect(first.match(/<article /g)).toHaveLength(24)
    expect(first).toContain('<a class="button" href="/vagas?busca=natal+padeiro&amp;pagina=2">Mostrar mais vagas</a>')
    expect(first).toContain('<form class="search" role="search" action="/vagas" method="get">')
    expect(first).toContain('value="natal padeiro"')
    expect(first).toContain('<meta name="robots" content="noindex, follow" />')
    const second = (await page('/vagas?busca=natal%20padeiro&pagina=2')).body
    expect(second.match(/<article /g)).toHaveLength(30)
    expect(second).not.toContain('Mostrar mais vagas')
    // What someone typed into the address: a page that is no number is the first page, a search finding nothing says so.
    expect((await page('/vagas?pagina=abc')).body.match(/<article /g)).toHaveLength(24)
    const none = await page('/vagas?busca=%22%3E%3Cscript%3Erecife')
    expect(none.statusCode).toBe(200)
    expect(none.body).toContain('Nenhuma vaga encontrada')
    expect(none.body).toContain('value="&quot;&gt;&lt;script&gt;recife"')
    expect((await page('/')).body).not.toContain('noindex')
  })

  it('vagas.xml is the job boards’ feed: well-formed XML, one job per visible vacancy with the same date, address and text as its page', async () => {
    const tricky = { ...hostile, id: 11, description: 'Caixa ]]> <fim> & \u0001 estágio', company_name: null }
    nock(LEGACY)
      .get('/api/vagas-publicas')
      .reply(200, [...LIST, tricky])
    const answer = await app.inject({ method: 'GET', url: '/vagas.xml' })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/xml; charset=utf-8')
    // Parsed by a real XML parser: each job's elements and text, as a job board reads them.
    const jobs: Record<string, string>[] = []
    let root = ''
    let open: string | null = null
    const parser = new SaxesParser()
    parser.on('opentag', (tag) => {
      if (!root) root = tag.name
      if (tag.name === 'job') jobs.push({})
      else if (jobs.length > 0) open = tag.name
    })
    parser.on('cdata', (text) => {
      if (open) jobs.at(-1)![open] = (jobs.at(-1)![open] ?? '') + text
    })
    parser.on('closetag', () => (open = null))
    parser.write(answer.body).close()
    expect(root).toBe('source')
    expect(jobs.map((j) => j.requisitionid).sort()).toEqual(['11', '7', '8', '9'])
    const job = (id: string) => jobs.find((j) => j.requisitionid === id)!
    expect(job('7')).toMatchObject({
      title: 'Repositor',
      date: '2026-11-20',
      referencenumber: 'mini-vagas-7',
      url: `${ORIGIN}/vagas/repositor-mercado-sol-fortaleza-7`,
      company: 'Mercado Sol',
      city: 'Fortaleza',
      streetaddress: 'Aldeota',
      country: 'BR',
      jobtype: 'fulltime',
    })
    expect(job('7').description).toContain('Requisitos: Ensino médio.')
    expect(job('9').jobtype).toBe('internship')
    // Text that would end a CDATA section or is no XML character arrives as the vacancy's text.
    expect(job('11').title).toBe('Caixa ]]> <fim> &  estágio')
    expect(job('11').company).toBe('Mini Vagas')
    expect(answer.body).not.toContain('Oculta')
  })

  it('sitemap.xml lists the visible vacancies, each with the day it was first seen, kept as the days pass', async () => {
    nock(LEGACY).get('/api/vagas-publicas').reply(200, LIST)
    const first = await app.inject({ method: 'GET', url: '/sitemap.xml' })
    expect(first.statusCode).toBe(200)
    expect(first.headers['content-type']).toMatch(/^application\/xml/)
    expect(first.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')
    expect(first.body).toContain(`<url><loc>${ORIGIN}/vagas/repositor-mercado-sol-fortaleza-7</loc><lastmod>2026-11-20</lastmod></url>`)
    expect(first.body).not.toContain('oculta')
    expect(first.body.match(/<url>/g)).toHaveLength(4)

    clock = Date.parse('2026-11-25T12:00:00Z')
    const newcomer = { ...hidden, id: 11, description: 'Padeiro', obs: 'mostrar' }
    nock(LEGACY)
      .get('/api/vagas-publicas')
      .reply(200, [...LIST, newcomer])
    const later = (await app.inject({ method: 'GET', url: '/sitemap.xml' })).body
    expect(later).toContain('repositor-mercado-sol-fortaleza-7</loc><lastmod>2026-11-20</lastmod>')
    expect(later).toContain('padeiro-x-aquiraz-b</loc><lastmod>2026-11-25</lastmod>')
  })

  it('robots.txt names the sitemap and keeps crawlers off the API', async () => {
    const response = await app.inject({ method: 'GET', url: '/robots.txt' })
    expect(response.body).toContain(`Sitemap: ${ORIGIN}/sitemap.xml`)
    expect(response.body).toContain('Disallow: /bff/')
  })
})

describe('the day a vacancy was first seen', () => {
  it('is the same on every instance sharing the store: the first to see it sets it', async () => {
    const store = await openStore({ file: ':memory:' })
    const vacancy = { id: 7, description: 'Repositor', company_name: null, city: null, bairro: null, requirements: [], benefits: [] }
    const first = await createPostingDates(store, () => Date.parse('2026-11-20T12:00:00Z'))
    const later = await createPostingDates(store, () => Date.parse('2026-11-25T12:00:00Z'))
    expect((await first.of([vacancy])).get(7)).toBe('2026-11-20')
    expect((await later.of([vacancy, { ...vacancy, id: 8 }])).get(7)).toBe('2026-11-20')
    expect((await later.of([vacancy, { ...vacancy, id: 8 }])).get(8)).toBe('2026-11-25')
    await store.close()
  })
})

describe('a vacancy’s terms on its page and its card', () => {
  it('the page says the terms, the hours and the description; a list’s card only the terms', async () => {
    const { vacancyArticle } = await import('./pages.ts')
    const vacancy = {
      id: 3,
      description: 'Padeiro',
      company_name: 'Padaria',
      city: 'Natal',
      bairro: null,
      requirements: [],
      benefits: [],
      details: { about: 'Fazer pães & bolos.', salary_negotiable: true, contract: 'clt' as const, work_model: 'presencial' as const, hours: '44h' },
    }
    const page = vacancyArticle(vacancy, 1)
    expect(page).toContain('<p class="terms">CLT (efetivo) · Presencial · A combinar</p>')
    expect(page).toContain('<p class="hours">Jornada: 44h</p>')
    expect(page).toContain('<h2>Sobre a vaga</h2><p class="about">Fazer pães &amp; bolos.</p>')
    const card = vacancyArticle(vacancy, 2)
    expect(card).toContain('class="terms"')
    expect(card).not.toContain('Sobre a vaga')
  })
})
