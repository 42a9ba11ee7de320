import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { RouterErrorBoundary } from './router-error'

function Broken(): never {
  throw new Error('layout exploded')
}

describe('RouterErrorBoundary', () => {
  it("shows the shell's error screen instead of a blank page, without the error's text", () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    render(
      <RouterErrorBoundary>
        <Broken />
      </RouterErrorBoundary>,
    )
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/')
    expect(screen.queryByText(/layout exploded/)).not.toBeInTheDocument()
    expect(logged).toHaveBeenCalledWith('The site failed to render:', expect.any(Error))
  })

  it('renders its children while they work', () => {
    render(
      <RouterErrorBoundary>
        <p>all well</p>
      </RouterErrorBoundary>,
    )
    expect(screen.getByText('all well')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Unexpected Application Error!' })).not.toBeInTheDocument()
  })
})
