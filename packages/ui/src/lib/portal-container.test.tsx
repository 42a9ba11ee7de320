import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../components/dialog'
import { PortalContainerProvider } from './portal-container'

function OpenDialog() {
  return (
    <Dialog open>
      <DialogContent>
        <DialogTitle>Ark</DialogTitle>
        <DialogDescription>Two by two</DialogDescription>
      </DialogContent>
    </Dialog>
  )
}

describe('PortalContainerProvider', () => {
  it('portals dialogs into the given container', () => {
    const host = document.createElement('div')
    host.dataset.remote = 'resources-app'
    document.body.append(host)
    render(
      <PortalContainerProvider container={host}>
        <OpenDialog />
      </PortalContainerProvider>,
    )
    expect(host).toContainElement(screen.getByRole('dialog', { name: 'Ark' }))
    host.remove()
  })

  it('falls back to document.body', () => {
    const { container } = render(<OpenDialog />)
    const dialog = screen.getByRole('dialog', { name: 'Ark' })
    expect(container).not.toContainElement(dialog)
    expect(document.body).toContainElement(dialog)
  })
})
