import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { setNonce } from 'get-nonce'
import { RouterProvider } from 'react-router'
import { AppProvider } from './app/provider.tsx'
import { createRouter } from './app/router.tsx'
import { getSession } from './features/auth/api/get-session.ts'
import './styles.css'

// The dialogs' scroll lock injects a <style>; the page's CSP allows it by this page's nonce only.
const styleNonce = document.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content
if (styleNonce) setNonce(styleNonce)

// docs/product.md, Spreadsheet export: initialise the authentication state, then mount the app.
const session = await getSession().catch(() => undefined)
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProvider session={session}>
      <RouterProvider router={createRouter()} />
    </AppProvider>
  </StrictMode>,
)
