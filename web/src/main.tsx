import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setNonce } from 'get-nonce'
import { RouterProvider } from 'react-router'
import { AppProvider } from './app/provider.tsx'
import { createRouter, initialized } from './app/router.tsx'
import { getSession } from './features/auth/api/get-session.ts'
import { getPublicVacancies, publicVacanciesKey } from './features/vacancies/api/get-public-vacancies.ts'
import './styles.css'

// The dialogs' scroll lock injects a <style>; the page's CSP allows it by this page's nonce only.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
if (styleNonce) setNonce(styleNonce)

// Initialise the authentication state and load the first screen's code, then mount the app.
// The server's page (the public ones are served as HTML) stays until then: mounting sooner showed
// an empty page while the screen's code loaded, and a click in that moment — a slow phone, a busy
// machine — landed on nothing.
// On the public list, its vacancies too: the SPA's first render then shows the cards the server's
// page shows, and not "Carregando vagas..." in their place (the page would jump).
const router = createRouter()
const onPublicList = ['/', '/vagas'].includes(window.location.pathname)
const [session, vacancies] = await Promise.all([getSession().catch(() => undefined), onPublicList ? getPublicVacancies().catch(() => undefined) : undefined, initialized(router)])
// What a person typed into the server page's search box while the SPA loaded is theirs: the SPA's
// box starts with it (and its filter), and keeps the focus, instead of starting empty.
const typedBox = onPublicList ? document.querySelector<HTMLInputElement>('#vacancy-search') : null
const typing = typedBox !== null && document.activeElement === typedBox
if (typedBox) {
  const params = new URLSearchParams(window.location.search)
  if (typedBox.value !== (params.get('busca') ?? '')) {
    if (typedBox.value) params.set('busca', typedBox.value)
    else params.delete('busca')
    params.delete('pagina')
    await router.navigate({ search: params.size > 0 ? `?${params}` : '' }, { replace: true })
  }
}
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider session={session} preloaded={vacancies ? { [publicVacanciesKey]: vacancies } : {}}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
)
if (typing) setTimeout(() => document.getElementById('vacancy-search')?.focus(), 0)
