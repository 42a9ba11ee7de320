import { render, screen } from '@testing-library/react'

import { Spinner } from './spinner'

describe('Spinner', () => {
  it('is a status with a screen-reader label and a hidden SVG', () => {
    const { container } = render(<Spinner />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Loading…')
    expect(screen.getByText('Loading…')).toHaveClass('sr-only')
    const svg = container.querySelector('svg')
    expect(svg).toHaveAttribute('aria-hidden', 'true')
    expect(svg).toHaveClass('animate-spin')
    expect(status).toHaveClass('size-6')
  })

  it('accepts a custom label and size', () => {
    render(<Spinner label="Preparing your download" size="lg" />)
    const status = screen.getByRole('status')
    expect(status).toHaveTextContent('Preparing your download')
    expect(status).toHaveClass('size-8')
    expect(status).not.toHaveClass('size-6')
  })
})
