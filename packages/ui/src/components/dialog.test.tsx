import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHead,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from './dialog'

function Example({ showCloseButton }: { showCloseButton?: boolean }) {
  return (
    <Dialog>
      <DialogTrigger>Gift message</DialogTrigger>
      <DialogContent showCloseButton={showCloseButton}>
        <DialogHeader>
          <DialogTitle>Add a gift message</DialogTitle>
          <DialogDescription>We print it on a card inside the box.</DialogDescription>
        </DialogHeader>
        <input aria-label="Message" />
        <DialogFooter>
          <DialogClose>Done</DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}

describe('Dialog', () => {
  it('opens from its trigger as a labelled, described modal', async () => {
    const user = userEvent.setup()
    render(<Example />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Gift message' }))

    const dialog = screen.getByRole('dialog', { name: 'Add a gift message' })
    expect(dialog).toHaveAccessibleDescription('We print it on a card inside the box.')
    expect(dialog).toHaveAttribute('data-slot', 'dialog-content')
    expect(dialog).toContainElement(document.activeElement as HTMLElement)
  })

  it('closes with Escape and returns focus to the trigger', async () => {
    const user = userEvent.setup()
    render(<Example />)
    const trigger = screen.getByRole('button', { name: 'Gift message' })

    await user.click(trigger)
    expect(screen.getByRole('dialog')).toBeInTheDocument()

    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(trigger).toHaveFocus()
  })

  it('closes from the built-in close button, which has an accessible name', async () => {
    const user = userEvent.setup()
    render(<Example />)
    await user.click(screen.getByRole('button', { name: 'Gift message' }))

    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('can hide the built-in close button', async () => {
    const user = userEvent.setup()
    render(<Example showCloseButton={false} />)
    await user.click(screen.getByRole('button', { name: 'Gift message' }))

    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Done' })).toBeInTheDocument()
  })

  it('names and describes the dialog from DialogHead, as from the header it stands for', () => {
    render(
      <Dialog open>
        <DialogContent>
          <DialogHead title="Skip June">We will not send your June box.</DialogHead>
        </DialogContent>
      </Dialog>,
    )
    const dialog = screen.getByRole('dialog', { name: 'Skip June' })
    expect(dialog).toHaveAccessibleDescription('We will not send your June box.')
    expect(screen.getByRole('heading', { name: 'Skip June' })).toHaveAttribute('data-slot', 'dialog-title')
  })
})
