import { useEffect, useState } from 'react'

/**
 * A link's secret rides in the address's fragment (never sent to a server, never in a log or a
 * Referer): read once and taken off the address bar. With `keep`, it stays in this tab's session
 * storage under that name, so a reload of the page still opens it; closing the tab forgets it.
 */
export function takeLinkToken(keep?: string): string {
  const token = window.location.hash.slice(1)
  if (token) {
    window.history.replaceState(window.history.state, '', window.location.pathname)
    if (keep) sessionStorage.setItem(keep, token)
    return token
  }
  return keep ? (sessionStorage.getItem(keep) ?? '') : ''
}

/** Forgets a kept link (it no longer opens). */
export const forgetLinkToken = (keep: string) => sessionStorage.removeItem(keep)

/**
 * The link's secret for a page that opens by one: read at first render and again whenever the
 * fragment changes in place (a link pasted into the tab already showing the page does not reload it).
 */
export function useLinkToken(keep?: string): string {
  const [token, setToken] = useState(() => takeLinkToken(keep))
  useEffect(() => {
    const onHashChange = () => {
      const next = takeLinkToken(keep)
      if (next) setToken(next)
    }
    window.addEventListener('hashchange', onHashChange)
    return () => window.removeEventListener('hashchange', onHashChange)
  }, [keep])
  return token
}
