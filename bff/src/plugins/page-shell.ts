import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import escapeHtml from 'escape-html'
import type { FastifyInstance, FastifyReply } from 'fastify'
import fp from 'fastify-plugin'
import { SITE_NAME } from '@mini-vagas/shared/constants/site'
import { pageContentSecurityPolicy } from './security-headers.ts'

/** One HTML page the BFF answers: the SPA's shell with this page's head and server-rendered body. */
export interface Page {
  title: string
  description?: string
  /** Absolute canonical URL; also the page's og:url. */
  canonical?: string
  /** Trusted markup for <head> (already escaped by the caller), e.g. JSON-LD. */
  head?: string
  /** Trusted markup put inside #root: what a crawler reads; the SPA replaces it when it starts. */
  body?: string
  status?: number
}

declare module 'fastify' {
  interface FastifyReply {
    sendPage(page: Page): FastifyReply
  }
}

// Without a built SPA (BFF-only tests, an API-only deploy) pages are still whole documents.
const BARE_SHELL = `<!doctype html>
<html lang="pt-BR">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <meta name="description" content="" />
    <title>Mini Vagas</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

/** Stands for the page's style nonce in a shell whose styles are inlined. */
const NONCE = '%STYLE_NONCE%'

/**
 * The shell for pages the server renders a body for (the public pages an applicant lands on):
 * they paint from the HTML alone (docs/decisions/public-pages-paint-first.md). The stylesheet is
 * inlined (with the page's style nonce), so no request stands between the HTML and the first
 * paint; the module-preload hints go, so the SPA's code, which takes the page over later, does not
 * compete with the page for a phone's bandwidth before it paints. `css` reads a stylesheet's text
 * by its href; one it cannot read stays a link.
 */
export function paintFirstShell(shell: string, css: (href: string) => string | null): string {
  return shell.replace(/\s*<link rel="modulepreload"[^>]*>/g, '').replace(/<link rel="stylesheet"[^>]*href="([^"]+)"[^>]*>/g, (link, href: string) => {
    const text = css(href)
    // A `</style` inside the text would end the element early; built CSS holds none, but never trust it.
    return text === null || /<\/style/i.test(text) ? link : `<style nonce="${NONCE}">${text}</style>`
  })
}

/** Fills the shell: title, description, canonical and Open Graph, a style nonce, and the body. */
export function renderPage(shell: string, page: Page, styleNonce: string): string {
  const title = escapeHtml(page.title)
  const description = page.description ? escapeHtml(page.description) : null
  const head = [
    `<meta name="csp-nonce" content="${styleNonce}" />`,
    `<meta property="og:site_name" content="${SITE_NAME}" />`,
    `<meta property="og:type" content="website" />`,
    `<meta property="og:locale" content="pt_BR" />`,
    `<meta property="og:title" content="${title}" />`,
    description ? `<meta property="og:description" content="${description}" />` : '',
    page.canonical ? `<link rel="canonical" href="${escapeHtml(page.canonical)}" />` : '',
    page.canonical ? `<meta property="og:url" content="${escapeHtml(page.canonical)}" />` : '',
    page.head ?? '',
  ]
    .filter(Boolean)
    .join('\n    ')
  // Replacer functions throughout: a `$` in a vacancy's text must not be read as a replacement pattern.
  let html = shell.replaceAll(NONCE, styleNonce).replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
  if (description) html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>/, () => `<meta name="description" content="${description}" />`)
  html = html.replace('</head>', () => `    ${head}\n  </head>`)
  return html.replace('<div id="root"></div>', () => `<div id="root">${page.body ?? ''}</div>`)
}

/**
 * `reply.sendPage(page)`: every HTML page the BFF answers (the SPA's history fallback and the
 * server-rendered public pages) comes from the built index.html, never cached, with its own CSP
 * nonce for styles.
 */
export const pageShellPlugin = fp(
  async (app: FastifyInstance, { staticDir }: { staticDir: string }) => {
    const index = resolve(staticDir, 'index.html')
    const shell = existsSync(index) ? readFileSync(index, 'utf8') : BARE_SHELL
    const root = resolve(staticDir)
    const painted = paintFirstShell(shell, (href) => {
      const file = resolve(root, `.${href.split('?')[0]}`)
      return file.startsWith(`${root}/`) && existsSync(file) ? readFileSync(file, 'utf8') : null
    })
    app.decorateReply('sendPage', function sendPage(this: FastifyReply, page: Page) {
      const nonce = randomBytes(16).toString('base64')
      return this.code(page.status ?? 200)
        .header('content-security-policy', pageContentSecurityPolicy(nonce))
        .header('cache-control', 'no-cache')
        .type('text/html; charset=utf-8')
        .send(renderPage(page.body ? painted : shell, page, nonce))
    })
  },
  { name: 'page-shell' },
)
