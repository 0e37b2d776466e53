import { useEffect } from 'react'

/** Each screen names itself in the tab and for screen readers. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · Mini Vagas` : 'Mini Vagas'
  }, [title])
}
