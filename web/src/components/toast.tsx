import * as Toast from '@radix-ui/react-toast'
import { createContext, useCallback, useContext, useState, type ReactNode } from 'react'
import { TOAST_MS_DEFAULT } from '@mini-vagas/shared/constants/limits'

/** One toast for the whole app (Radix: announced to screen readers, closable, timed). */
interface Message {
  id: number
  text: string
  kind: 'success' | 'error'
  duration: number
  action?: ToastAction | undefined
}
/** A way back offered with the message ("Desfazer"): it closes the toast and runs. */
export interface ToastAction {
  label: string
  onAct: () => void
}
type Show = (text: string, options?: { kind?: 'success' | 'error'; duration?: number; action?: ToastAction }) => void

const ToastContext = createContext<Show>(() => {})
export const useToast = () => useContext(ToastContext)

let next = 1
export function ToastProvider({ children }: { children: ReactNode }) {
  const [messages, setMessages] = useState<Message[]>([])
  const show = useCallback<Show>((text, options = {}) => {
    setMessages((list) => [...list.slice(-2), { id: next++, text, kind: options.kind ?? 'success', duration: options.duration ?? TOAST_MS_DEFAULT, action: options.action }])
  }, [])
  return (
    <ToastContext.Provider value={show}>
      <Toast.Provider swipeDirection="right" label="Notificação">
        {children}
        {messages.map((m) => (
          <Toast.Root
            key={m.id}
            className={`toast toast-${m.kind}`}
            duration={m.duration}
            type={m.kind === 'error' ? 'foreground' : 'background'}
            onOpenChange={(open) => {
              if (!open) setMessages((list) => list.filter((x) => x.id !== m.id))
            }}
          >
            <Toast.Description>{m.text}</Toast.Description>
            {m.action && (
              // Radix keeps the toast open while the pointer or the focus is on it, so the way back
              // does not vanish under a hand reaching for it.
              <Toast.Action altText={`${m.action.label}: ${m.text}`} asChild>
                <button type="button" className="button button-small toast-action" onClick={m.action.onAct}>
                  {m.action.label}
                </button>
              </Toast.Action>
            )}
            <Toast.Close className="toast-close" aria-label="Fechar">
              ×
            </Toast.Close>
          </Toast.Root>
        ))}
        <Toast.Viewport className="toast-viewport" />
      </Toast.Provider>
    </ToastContext.Provider>
  )
}
