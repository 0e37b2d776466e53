import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setNonce } from 'get-nonce'
import { RouterProvider } from 'react-router'
import { AppProvider } from './app/provider.tsx'
import { createRouter, initialized } from './app/router.tsx'
import { getSession } from './features/auth/api/get-session.ts'
import './styles.css'

// The dialogs' scroll lock injects a <style>; the page's CSP allows it by this page's nonce only.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
if (styleNonce) setNonce(styleNonce)

// Initialise the authentication state and load the first screen's code, then mount the app.
// The server's page (the public ones are served as HTML) stays until then: mounting sooner showed
// an empty page while the screen's code loaded, and a click in that moment — a slow phone, a busy
// machine — landed on nothing.
const router = createRouter()
const [session] = await Promise.all([getSession().catch(() => undefined), initialized(router)])
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider session={session}>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
)
