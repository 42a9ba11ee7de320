import { render, screen } from '@testing-library/react'

import { Logo, LogoMark } from './logo'

describe('Logo', () => {
  it('is a single image named after the brand, with the wordmark by default', () => {
    const { container } = render(<Logo className="text-primary" />)
    const logo = screen.getByRole('img', { name: 'Lamplight Puzzle Co.' })
    expect(logo).toHaveClass('text-primary', 'inline-flex')
    expect(logo).toHaveTextContent('Lamplight')
    expect(logo).toHaveTextContent('Puzzle Co.')
    expect(screen.getAllByRole('img')).toHaveLength(1)
    expect(container.querySelector('svg')).toHaveAttribute('aria-hidden', 'true')
  })

  it('can render the mark alone', () => {
    render(<Logo withWordmark={false} />)
    const logo = screen.getByRole('img', { name: 'Lamplight Puzzle Co.' })
    expect(logo).not.toHaveTextContent('Lamplight')
    expect(logo.querySelector('svg')).toBeInTheDocument()
  })

  it('draws with currentColor and theme variables only', () => {
    const { container } = render(<LogoMark />)
    const svg = container.querySelector('svg') as SVGSVGElement
    expect(svg).toHaveAttribute('stroke', 'currentColor')
    expect(svg.querySelectorAll('[fill]:not([fill="none"])')).toHaveLength(0)
    const flameFills = [...svg.querySelectorAll<SVGPathElement>('path[style]')].map((path) => path.style.fill)
    expect(flameFills).toEqual(['var(--color-gold, #c8a04a)', 'var(--color-parchment, #f5ecd8)'])
    expect(svg.querySelector('image, use, foreignObject')).toBeNull()
  })

  it('LogoMark is a named image on its own and decorative when aria-hidden', () => {
    const { rerender } = render(<LogoMark />)
    expect(screen.getByRole('img', { name: 'Lamplight Puzzle Co.' }).tagName.toLowerCase()).toBe('svg')

    rerender(<LogoMark aria-hidden="true" />)
    expect(screen.queryByRole('img')).not.toBeInTheDocument()
  })
})
