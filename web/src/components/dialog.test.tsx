import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Dialog } from './dialog.tsx'

/** An opener and its dialog: either always mounted and toggled by state, or mounted only while open. */
function Opener({ mountedWhileOpen }: { mountedWhileOpen: boolean }) {
  const [open, setOpen] = useState(false)
  const dialog = (
    <Dialog open={open} onOpenChange={setOpen} title="Diálogo">
      <button type="button" onClick={() => setOpen(false)}>
        Fechar aqui
      </button>
    </Dialog>
  )
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Abrir
      </button>
      {mountedWhileOpen ? open && dialog : dialog}
    </>
  )
}

describe('Dialog (focus goes back to what opened it)', () => {
  it.each([
    ['opened and closed by state', false],
    ['mounted while open', true],
  ])('%s: closing by a button or Escape returns the focus to the opener', async (_name, mountedWhileOpen) => {
    render(<Opener mountedWhileOpen={mountedWhileOpen} />)
    const opener = screen.getByRole('button', { name: 'Abrir' })
    for (const close of ['button', 'escape'] as const) {
      opener.focus()
      fireEvent.click(opener)
      const dialog = await screen.findByRole('dialog', { name: 'Diálogo' })
      if (close === 'button') fireEvent.click(screen.getByRole('button', { name: 'Fechar aqui' }))
      else fireEvent.keyDown(dialog, { key: 'Escape' })
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
      await waitFor(() => expect(document.activeElement).toBe(opener))
    }
  })
})
