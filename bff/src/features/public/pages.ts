import escapeHtml from 'escape-html'
import type { FastifyInstance, FastifyReply } from 'fastify'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import { Type } from 'typebox'
import { calendarDate } from '@mini-vagas/shared/domain/dates'
import { jobPosting, jsonForScript, vacancyPath, vacancyText, vacancyTitle } from '@mini-vagas/shared/domain/job-posting'
import { PUBLIC_PAGE_SIZE, PUBLIC_SEARCH_TEXTS, searchVacancies } from '@mini-vagas/shared/domain/vacancy-search'
import { detailsSummary } from '@mini-vagas/shared/domain/vacancy-details'
import { parseVacancySlug, resolveVacancySlug } from '@mini-vagas/shared/domain/vacancy-slug'
import type { PublicVacancy } from '@mini-vagas/shared/schemas/vacancy'
import { SITE_NAME, SITE_TAGLINE } from '@mini-vagas/shared/constants/site'
import type { Page } from '../../plugins/page-shell.ts'
import type { Store } from '../../plugins/store.ts'
import { jobFeed } from './job-feed.ts'
import type { PublicVacancies } from './service.ts'

/**
 * The day each vacancy was first seen visible on the career page: JobPosting.datePosted and the
 * sitemap's lastmod (the legacy's public list carries no dates). Shared by every instance through
 * the store; the first instance to see a vacancy sets its day.
 */
const MIGRATIONS = [`CREATE TABLE IF NOT EXISTS public_postings (vacancy_id INTEGER PRIMARY KEY, first_seen TEXT NOT NULL)`]

export async function createPostingDates(store: Store, now: () => number) {
  await store.migrate('public-pages', MIGRATIONS)
  const known = new Map<number, string>()
  return {
    async of(vacancies: readonly PublicVacancy[]): Promise<Map<number, string>> {
      const unknown = vacancies.filter((v) => !known.has(v.id))
      if (unknown.length > 0) {
        const today = calendarDate(now())
        for (const v of unknown) await store.run('INSERT INTO public_postings (vacancy_id, first_seen) VALUES (?, ?) ON CONFLICT (vacancy_id) DO NOTHING', [v.id, today])
        // Only the newcomers' days are read back (another instance may have seen one first).
        const ids = unknown.map((v) => v.id)
        const rows = await store.all<{ vacancy_id: number; first_seen: string }>(
          `SELECT vacancy_id, first_seen FROM public_postings WHERE vacancy_id IN (${ids.map(() => '?').join(', ')})`,
          ids,
        )
        for (const row of rows) known.set(Number(row.vacancy_id), row.first_seen)
      }
      return known
    },
  }
}

const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: 300 }) })
const CandidateParams = Type.Object({ id: Type.String({ pattern: '^[1-9][0-9]{0,14}$' }) })
// An address someone typed or shared: a page number that is no number shows the first page, never an error.
const ListQuery = Type.Object({ busca: Type.Optional(Type.String({ maxLength: 500 })), pagina: Type.Optional(Type.String({ maxLength: 20 })) })
const pageNumber = (value: string | undefined) => Math.min(1000, Math.max(1, Number.parseInt(value ?? '1', 10) || 1))
const Html = { 200: Type.String(), 404: Type.String(), 503: Type.String() }
const LIST_DESCRIPTION = 'Vagas de emprego abertas: procure por cidade ou empresa e candidate-se pelo Mini Vagas.'

// The SPA's public header and footer (web/src/app/layouts), so the page does not jump when it takes over.
const chrome = (main: string) =>
  `<header class="public-header"><a class="brand" href="/">${SITE_NAME}</a><nav aria-label="Principal"><a href="/vagas">Vagas</a><a class="button button-small" href="/login">Entrar</a></nav></header>` +
  `<main id="main" class="page">${main}</main>` +
  `<footer class="site-footer"><span>${SITE_NAME} · ${SITE_TAGLINE}</span><a href="/meus-dados">Meus dados (LGPD)</a></footer>`

const list = (items: readonly string[]) => (items.length > 0 ? `<ul>${items.map((i) => `<li>${escapeHtml(i)}</li>`).join('')}</ul>` : '')

export function vacancyArticle(vacancy: PublicVacancy, headingLevel: 1 | 2): string {
  const h = `h${headingLevel}`
  const sub = `h${headingLevel + 1}`
  const title = escapeHtml(vacancyTitle(vacancy))
  const heading = headingLevel === 2 ? `<a href="${escapeHtml(vacancyPath(vacancy))}">${title}</a>` : title
  return (
    `<article class="card vacancy-card"><${h}>${heading}</${h}>` +
    (vacancy.company_name ? `<p class="company">${escapeHtml(vacancy.company_name)}</p>` : '') +
    `<p class="place">${escapeHtml([vacancy.city, vacancy.bairro].filter(Boolean).join(' · '))}</p>` +
    (detailsSummary(vacancy.details) ? `<p class="terms">${escapeHtml(detailsSummary(vacancy.details))}</p>` : '') +
    // The vacancy's own page says it all; a list's card keeps to the line above.
    (headingLevel === 1 && vacancy.details?.hours ? `<p class="hours">Jornada: ${escapeHtml(vacancy.details.hours)}</p>` : '') +
    (headingLevel === 1 && vacancy.details?.about ? `<section><${sub}>Sobre a vaga</${sub}><p class="about">${escapeHtml(vacancy.details.about)}</p></section>` : '') +
    (vacancy.requirements.length > 0 ? `<section><${sub}>Requisitos</${sub}>${list(vacancy.requirements)}</section>` : '') +
    (vacancy.benefits.length > 0 ? `<section><${sub}>Benefícios</${sub}>${list(vacancy.benefits)}</section>` : '') +
    `<a class="button button-primary" href="/candidato/${vacancy.id}">Candidatar-se</a></article>`
  )
}

export function vacancyPage(vacancy: PublicVacancy, origin: string, datePosted: string): Page {
  const canonical = `${origin}${vacancyPath(vacancy)}`
  const where = vacancy.city ? ` em ${vacancy.city}` : ''
  return {
    title: `${vacancyTitle(vacancy)}${where} — ${SITE_NAME}`,
    description: vacancyText(vacancy).replace(/\n/g, ' '),
    canonical,
    head: `<script type="application/ld+json">${jsonForScript(jobPosting(vacancy, { origin, datePosted }))}</script>`,
    body: chrome(vacancyArticle(vacancy, 1)),
  }
}

/**
 * The public list as the SPA first shows it: the search box (a plain GET form, so it works before
 * and without the SPA), the count and the first `pages` pages of cards, with a link to one more.
 */
export function vacancyListPage(all: readonly PublicVacancy[], origin: string, { busca = '', pagina = 1 }: { busca?: string; pagina?: number } = {}): Page {
  const vacancies = searchVacancies(all, busca)
  const shown = vacancies.slice(0, pagina * PUBLIC_PAGE_SIZE)
  const count = vacancies.length === 1 ? '1 vaga' : `${vacancies.length.toLocaleString('pt-BR')} vagas`
  const more = new URLSearchParams({ ...(busca ? { busca } : {}), pagina: String(pagina + 1) })
  const empty = busca.trim() ? ['Nenhuma vaga encontrada', 'Tente ajustar os filtros de busca'] : ['Nenhuma vaga encontrada', 'Não há vagas disponíveis no momento']
  return {
    title: `Vagas Disponíveis — ${SITE_NAME}`,
    description: LIST_DESCRIPTION,
    canonical: `${origin}/vagas`,
    // A search's results are not pages of their own for a crawler.
    ...(busca || pagina > 1 ? { head: '<meta name="robots" content="noindex, follow" />' } : {}),
    body: chrome(
      `<header class="page-header"><h1>Vagas Disponíveis</h1><p class="subtitle">${PUBLIC_SEARCH_TEXTS.subtitle}</p></header>` +
        `<form class="search" role="search" action="/vagas" method="get"><label for="vacancy-search" class="visually-hidden">${PUBLIC_SEARCH_TEXTS.label}</label>` +
        `<input id="vacancy-search" type="search" name="busca" placeholder="${PUBLIC_SEARCH_TEXTS.placeholder}" value="${escapeHtml(busca)}" autocomplete="off" /></form>` +
        (vacancies.length > 0
          ? `<p class="result-count">${count}</p><div class="card-grid">${shown.map((v) => vacancyArticle(v, 2)).join('')}</div>` +
            (shown.length < vacancies.length ? `<div class="list-more"><a class="button" href="/vagas?${escapeHtml(more.toString())}">${PUBLIC_SEARCH_TEXTS.more}</a></div>` : '')
          : `<div class="status status-empty" role="status"><p class="status-title">${empty[0]}</p><p class="status-hint">${empty[1]}</p></div>`),
    ),
  }
}

export function sitemap(vacancies: readonly PublicVacancy[], origin: string, dates: ReadonlyMap<number, string>): string {
  const url = (path: string, lastmod?: string) => `  <url><loc>${escapeHtml(`${origin}${path}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    url('/vagas'),
    ...vacancies.map((v) => url(vacancyPath(v), dates.get(v.id))),
    '</urlset>',
    '',
  ].join('\n')
}

/**
 * Server-rendered public pages: the vacancy list (`/`, `/vagas`), each vacancy
 * (`/vagas/:slug`, canonical; `/candidato/:id`, the agency's apply address, points to it), the
 * sitemap and robots.txt. Crawlers read the text and the JobPosting JSON-LD; the SPA takes over
 * the same address in a browser. When the legacy is down and nothing is cached, the shell goes out
 * with 503 (crawlers retry later) and the SPA shows its own error.
 */
export async function publicPages(app: FastifyInstance, { vacancies, cacheHeader }: { vacancies: PublicVacancies; cacheHeader: string }) {
  const api = app.withTypeProvider<TypeBoxTypeProvider>()
  const origin = app.config.publicOrigin
  const dates = await createPostingDates(app.store, app.now)
  const config = { access: 'public' as const }
  const loaded = () => vacancies.all().catch(() => null)
  const unavailable: Page = { title: `Vagas Disponíveis — ${SITE_NAME}`, status: 503 }

  for (const url of ['/', '/vagas']) {
    api.get(url, { config, schema: { tags: ['public'], querystring: ListQuery, response: Html } }, async (request, reply) => {
      const all = await loaded()
      return reply.sendPage(all ? vacancyListPage(all, origin, { busca: request.query.busca, pagina: pageNumber(request.query.pagina) }) : unavailable)
    })
  }

  const showVacancy = async (found: (all: PublicVacancy[]) => PublicVacancy | null, reply: FastifyReply) => {
    const all = await loaded()
    if (!all) return reply.sendPage(unavailable)
    const vacancy = found(all)
    if (!vacancy) return reply.sendPage({ title: `Vaga não encontrada — ${SITE_NAME}`, status: 404, head: '<meta name="robots" content="noindex" />' })
    const posted = (await dates.of(all)).get(vacancy.id) ?? calendarDate(app.now())
    return reply.sendPage(vacancyPage(vacancy, origin, posted))
  }

  api.get('/vagas/:slug', { config, schema: { tags: ['public'], params: SlugParams, response: { ...Html, 301: Type.String() } } }, async (request, reply) => {
    const all = await loaded()
    // The id in the slug names the vacancy (public text changes with an edit); a slug whose suffix
    // is no id may still name exactly one vacancy by its text.
    const { id } = parseVacancySlug(request.params.slug)
    const vacancy = all ? (all.find((v) => v.id === id) ?? resolveVacancySlug(request.params.slug, all)) : null
    // An old or edited slug moves to the vacancy's current address.
    if (vacancy && vacancyPath(vacancy) !== `/vagas/${request.params.slug}`) return reply.redirect(vacancyPath(vacancy), 301)
    return showVacancy(() => vacancy, reply)
  })

  api.get('/candidato/:id', { config, schema: { tags: ['public'], params: CandidateParams, response: Html } }, async (request, reply) =>
    showVacancy((all) => all.find((v) => v.id === Number(request.params.id)) ?? null, reply),
  )

  api.get('/sitemap.xml', { config, schema: { tags: ['public'], response: { 200: Type.String(), 503: Type.String() } } }, async (_request, reply) => {
    const all = await loaded()
    if (!all) return reply.code(503).header('retry-after', '300').type('text/plain; charset=utf-8').send('Indisponível')
    reply.header('cache-control', cacheHeader).type('application/xml; charset=utf-8')
    return sitemap(all, origin, await dates.of(all))
  })

  // The feed job boards are given (docs/operations.md): every open vacancy, as on the career page.
  api.get('/vagas.xml', { config, schema: { tags: ['public'], response: { 200: Type.String(), 503: Type.String() } } }, async (_request, reply) => {
    const all = await loaded()
    if (!all) return reply.code(503).header('retry-after', '300').type('text/plain; charset=utf-8').send('Indisponível')
    reply.header('cache-control', cacheHeader).type('application/xml; charset=utf-8')
    return jobFeed(all, origin, await dates.of(all), new Date(app.now()))
  })

  api.get('/robots.txt', { config, schema: { tags: ['public'], response: { 200: Type.String() } } }, async (_request, reply) =>
    reply.type('text/plain; charset=utf-8').send(`User-agent: *\nAllow: /\nDisallow: /bff/\nDisallow: /api/\nSitemap: ${origin}/sitemap.xml\n`),
  )
}
