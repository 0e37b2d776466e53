import type { ReactNode } from 'react'
import { StatusMessage } from './status-message.tsx'

/**
 * The states of a screen's read, the same way on every screen: loading; failed, with 'Tentar
 * novamente' (and the server's message when the screen shows it); empty, with a hint. Nothing
 * renders once the read has rows to show: the screen draws those.
 */
export function LoadStates({
  loading,
  error,
  failed,
  onRetry,
  showReason = true,
  empty,
}: {
  /** The loading title while the first answer is on its way; null when the read is not loading. */
  loading: string | null
  error: unknown
  /** The error title. */
  failed: string
  onRetry: () => void
  /** Whether the error's own message is shown under the title. */
  showReason?: boolean
  /** The empty state, when the answer holds nothing to show. */
  empty?: { title: string; hint?: ReactNode } | null
}) {
  return (
    <>
      {loading !== null && <StatusMessage kind="loading" title={loading} />}
      {Boolean(error) && (
        <StatusMessage
          kind="error"
          title={failed}
          action={
            <button type="button" className="button" onClick={onRetry}>
              Tentar novamente
            </button>
          }
        >
          {showReason && error instanceof Error ? error.message : undefined}
        </StatusMessage>
      )}
      {empty && (
        <StatusMessage kind="empty" title={empty.title}>
          {empty.hint}
        </StatusMessage>
      )}
    </>
  )
}
