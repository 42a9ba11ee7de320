import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { Field, fieldProps } from './field'
import { Input } from './input'

describe('Field', () => {
  it('ties the label to the control and announces the error', () => {
    render(
      <Field id="email" label="Email" error="Enter a valid email address">
        <Input {...fieldProps('email', 'Enter a valid email address')} />
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
        <Input {...fieldProps('name')} />
      </Field>,
    )
    expect(screen.getByLabelText('Full name')).not.toHaveAttribute('aria-invalid')
    expect(screen.getByText('Optional')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).toBeNull()
  })
})
