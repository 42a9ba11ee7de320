import { render, screen } from '@testing-library/react'

import { Badge } from './badge'

describe('Badge', () => {
  it('renders a span with the default variant', () => {
    render(<Badge>New</Badge>)
    const badge = screen.getByText('New')
    expect(badge.tagName).toBe('SPAN')
    expect(badge).toHaveAttribute('data-slot', 'badge')
    expect(badge).toHaveClass('bg-primary')
  })

  it.each([
    ['secondary', 'bg-secondary'],
    ['destructive', 'bg-destructive'],
    ['outline', 'text-foreground'],
  ] as const)('applies the %s variant', (variant, expected) => {
    render(<Badge variant={variant}>Tag</Badge>)
    expect(screen.getByText('Tag')).toHaveClass(expected)
    expect(screen.getByText('Tag')).not.toHaveClass('bg-primary')
  })

  it('supports asChild', () => {
    render(
      <Badge asChild variant="outline">
        <a href="/tags/easter">Easter</a>
      </Badge>,
    )
    expect(screen.getByRole('link', { name: 'Easter' })).toHaveAttribute('data-slot', 'badge')
  })
})
