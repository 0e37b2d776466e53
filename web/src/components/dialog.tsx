import * as RadixDialog from '@radix-ui/react-dialog'
import { useRef, type ReactNode } from 'react'

/**
 * Modal dialog (Radix: focus trap, Escape, labelled by its title). Our dialogs are opened by state,
 * not by a Radix trigger, so Radix has no opener to return to: the element focused when the
 * dialog opened is remembered and gets the focus back when it closes, instead of the body.
 */
export function Dialog({
  open,
  onOpenChange,
  title,
  description,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  children: ReactNode
}) {
  const opener = useRef<HTMLElement | null>(null)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content
          className="dialog-content"
          {...(description ? {} : { 'aria-describedby': undefined })}
          // Before Radix moves the focus inside, the opener still has it.
          onOpenAutoFocus={() => {
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current
            opener.current = null
            if (target && target.isConnected) {
              event.preventDefault()
              target.focus()
            }
          }}
        >
          <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
          {description && <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description>}
          {children}
          <RadixDialog.Close className="button dialog-close" aria-label="Fechar">
            ×
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
