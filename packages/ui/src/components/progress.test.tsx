import { render, screen } from '@testing-library/react'

import { Progress } from './progress'

describe('Progress', () => {
  it('exposes its value and moves the indicator', () => {
    const { container } = render(<Progress value={40} aria-label="Puzzle progress" />)
    const bar = screen.getByRole('progressbar', { name: 'Puzzle progress' })
    expect(bar).toHaveAttribute('aria-valuenow', '40')
    expect(bar).toHaveAttribute('aria-valuemax', '100')
    const indicator = container.querySelector('[data-slot="progress-indicator"]') as HTMLElement
    expect(indicator.style.transform).toBe('translateX(-60%)')
  })

  it('scales the indicator against a custom max', () => {
    const { container } = render(<Progress value={3} max={12} aria-label="Clues found" />)
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuemax', '12')
    const indicator = container.querySelector('[data-slot="progress-indicator"]') as HTMLElement
    expect(indicator.style.transform).toBe('translateX(-75%)')
  })

  it('renders an empty indeterminate bar without a value', () => {
    const { container } = render(<Progress aria-label="Loading" />)
    expect(screen.getByRole('progressbar')).toHaveAttribute('data-state', 'indeterminate')
    const indicator = container.querySelector('[data-slot="progress-indicator"]') as HTMLElement
    expect(indicator.style.transform).toBe('translateX(-100%)')
  })
})
