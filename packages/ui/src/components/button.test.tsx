import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { Button, buttonVariants } from './button'

describe('Button', () => {
  it('renders a button with default variant and size classes', () => {
    render(<Button>Shop puzzles</Button>)
    const button = screen.getByRole('button', { name: 'Shop puzzles' })
    expect(button.tagName).toBe('BUTTON')
    expect(button).toHaveAttribute('data-slot', 'button')
    expect(button).toHaveClass('bg-primary', 'text-primary-foreground', 'h-10')
  })

  it.each([
    ['destructive', 'bg-destructive'],
    ['outline', 'border-input'],
    ['secondary', 'bg-secondary'],
    ['ghost', 'hover:bg-accent'],
    ['link', 'underline-offset-4'],
  ] as const)('applies the %s variant', (variant, expected) => {
    render(<Button variant={variant}>Go</Button>)
    const button = screen.getByRole('button')
    expect(button).toHaveClass(expected)
    expect(button).not.toHaveClass('bg-primary')
  })

  it('applies sizes and lets className override conflicting utilities', () => {
    render(
      <Button size="icon" className="size-12" aria-label="Open menu">
        <svg />
      </Button>,
    )
    const button = screen.getByRole('button', { name: 'Open menu' })
    expect(button).toHaveClass('size-12')
    expect(button).not.toHaveClass('size-10')
  })

  it('renders its child element instead of a button with asChild', () => {
    render(
      <Button asChild variant="outline">
        <a href="/resources">Free resources</a>
      </Button>,
    )
    const link = screen.getByRole('link', { name: 'Free resources' })
    expect(link.tagName).toBe('A')
    expect(link).toHaveAttribute('href', '/resources')
    expect(link).toHaveAttribute('data-slot', 'button')
    expect(link).toHaveClass('border-input')
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('fires onClick and respects disabled', async () => {
    const user = userEvent.setup()
    const onClick = vi.fn()
    const { rerender } = render(<Button onClick={onClick}>Add to basket</Button>)
    await user.click(screen.getByRole('button'))
    expect(onClick).toHaveBeenCalledTimes(1)

    rerender(
      <Button onClick={onClick} disabled>
        Add to basket
      </Button>,
    )
    await user.click(screen.getByRole('button'))
    expect(onClick).toHaveBeenCalledTimes(1)
  })

  it('exposes buttonVariants for styling other elements', () => {
    expect(buttonVariants({ variant: 'secondary', size: 'sm' })).toContain('bg-secondary')
    expect(buttonVariants({ variant: 'secondary', size: 'sm' })).toContain('h-9')
  })
})
