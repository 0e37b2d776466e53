import { describe, expect, it } from 'vitest'
import { paintFirstShell, renderPage } from './page-shell.ts'

const SHELL = `<!doctype html>
<html lang="pt-BR">
  <head>
    <title>Mini Vagas</title>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/hooks-def.js">
    <link rel="modulepreload" crossorigin href="/assets/toast-ghi.js">
    <link rel="stylesheet" crossorigin href="/assets/index-jkl.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`

describe('the pages the server renders a body for', () => {
  it('paint from the HTML alone: the stylesheet inlined under the page’s style nonce, no module preloads, the app’s entry kept', () => {
    const shell = paintFirstShell(SHELL, (href) => (href === '/assets/index-jkl.css' ? '.page{color:red}' : null))
    const html = renderPage(shell, { title: 'Vagas %STYLE_NONCE%', body: '<main>vagas</main>' }, 'n0nce')
    expect(html).toContain('<style nonce="n0nce">.page{color:red}</style>')
    expect(html).not.toContain('modulepreload')
    expect(html).not.toContain('rel="stylesheet"')
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>')
    // A title that spells the placeholder stays as typed: the nonce goes only where the shell had it.
    expect(html).toContain('<title>Vagas %STYLE_NONCE%</title>')
    expect(html).toContain('<div id="root"><main>vagas</main></div>')
  })

  it('keep a stylesheet as a link when its text cannot be read, or could end the style element early', () => {
    expect(paintFirstShell(SHELL, () => null)).toContain('<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">')
    expect(paintFirstShell(SHELL, () => 'a{}</style><script>alert(1)</script>')).toContain('<link rel="stylesheet" crossorigin href="/assets/index-jkl.css">')
  })
})
