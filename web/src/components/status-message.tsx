import type { ReactNode } from 'react'

/** One way to show a state: loading and empty are polite statuses, errors are alerts. */
export function StatusMessage({ kind, title, children, action }: { kind: 'loading' | 'empty' | 'error' | 'success'; title: string; children?: ReactNode; action?: ReactNode }) {
  const role = kind === 'error' ? 'alert' : 'status'
  return (
    <div className={`status status-${kind}`} role={role}>
      <p className="status-title">{title}</p>
      {children && <p className="status-hint">{children}</p>}
      {action}
    </div>
  )
}
