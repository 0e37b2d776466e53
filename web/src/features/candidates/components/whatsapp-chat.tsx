import type { ReactNode } from 'react'
import { formatPhone } from '@mini-vagas/shared/domain/br-format'
import { whatsappLink } from '@mini-vagas/shared/domain/messages'

/**
 * A candidate's WhatsApp number as a click-to-chat link (on a phone it opens the app, elsewhere
 * WhatsApp Web), named for who it reaches; plain text when the person asked not to be contacted
 * or the number cannot be dialled.
 */
export function WhatsAppChat({ whatsapp, name, optedOut, children }: { whatsapp: unknown; name: string; optedOut: boolean; children?: ReactNode }) {
  const chat = optedOut ? null : whatsappLink(whatsapp, '')
  const shown = children ?? formatPhone(whatsapp)
  if (!chat) return children ? null : <span className="nowrap-number">{shown}</span>
  return (
    <a className="nowrap-number" href={chat} target="_blank" rel="noopener noreferrer" aria-label={`WhatsApp de ${name}: ${formatPhone(whatsapp)}`}>
      {shown}
    </a>
  )
}
