import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field } from './field'
import { Input } from './input'

describe('Field', () => {
  it('ties the label to the control and announces the error', () => {
    render(
      <Field id="email" label="Email" error="Enter a valid email address">
        {(control) => <Input {...control} />}
      </Field>,
    )
    const input = screen.getByLabelText('Email')
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(input).toHaveAccessibleDescription('Enter a valid email address')
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a valid email address')
  })

  it('shows the hint and no alert without an error', () => {
    render(
      <Field id="name" label="Full name" hint="Optional">
        {(control) => <Input {...control} />}
      </Field>,
    )
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByLabelText('Full name')).toHaveAttribute('id', 'name')
    expect(screen.getByLabelText('Full name')).toHaveAccessibleDescription('Optional')
    expect(screen.getByText('Optional')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})

describe('Field that makes its own id', () => {
  it('gives two fields different ids and wires label, hint and error to the control', () => {
    const { rerender } = render(
      <>
        <Field label="First name" hint="As on your card">
          {(control) => <Input {...control} />}
        </Field>
        <Field label="Last name" error="Please add your last name">
          {(control) => <Input {...control} />}
        </Field>
      </>,
    )
    const first = screen.getByLabelText('First name')
    const last = screen.getByLabelText('Last name')
    expect(first.id).not.toBe(last.id)
    expect(first).toHaveAccessibleDescription('As on your card')
    expect(last).toHaveAttribute('aria-invalid', 'true')
    expect(last).toHaveAccessibleDescription('Please add your last name')
    rerender(
      <Field label="First name" hint="As on your card" error="Required">
        {(control) => <Input {...control} />}
      </Field>,
    )
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Required')
  })
})
