import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { Input } from './input'
import { Label } from './label'
import { Textarea } from './textarea'

describe('form controls', () => {
  it('associates Label with Input and accepts typing', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Label htmlFor="email">Email</Label>
        <Input id="email" type="email" placeholder="you@example.com" />
      </>,
    )
    const input = screen.getByRole('textbox', { name: 'Email' })
    expect(input).toHaveAttribute('data-slot', 'input')
    expect(input).toHaveAttribute('type', 'email')
    await user.type(input, 'ruth@example.com')
    expect(input).toHaveValue('ruth@example.com')
  })

  it('focuses the input when its label is clicked', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Label htmlFor="name">Name</Label>
        <Input id="name" />
      </>,
    )
    await user.click(screen.getByText('Name'))
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus()
  })

  it('renders a labelled Textarea and merges classes', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Label htmlFor="note">Gift note</Label>
        <Textarea id="note" className="min-h-32" aria-invalid />
      </>,
    )
    const textarea = screen.getByRole('textbox', { name: 'Gift note' })
    expect(textarea).toHaveAttribute('data-slot', 'textarea')
    expect(textarea).toHaveClass('min-h-32')
    expect(textarea).not.toHaveClass('min-h-20')
    await user.type(textarea, 'Happy Easter!')
    expect(textarea).toHaveValue('Happy Easter!')
  })
})
