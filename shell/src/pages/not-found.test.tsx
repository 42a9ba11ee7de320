import { PublicOriginProvider } from '@lamplight/session'
import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { NotFound } from './not-found'

describe('NotFound', () => {
  it('has its own title, description, canonical link and Open Graph tags', () => {
    const { unmount } = render(
      <PublicOriginProvider origin="https://shop.example">
        <MemoryRouter initialEntries={['/no-such-page']}>
          <NotFound />
        </MemoryRouter>
      </PublicOriginProvider>,
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Oops! Page not found')
    expect(document.title).toBe('Page not found | Lamplight Puzzle Co.')
    const head = document.head
    expect(head.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/isn't here/)
    expect(head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://shop.example/no-such-page',
    )
    expect(head.querySelector('meta[property="og:url"]')).toHaveAttribute(
      'content',
      'https://shop.example/no-such-page',
    )
    expect(head.querySelector('meta[property="og:title"]')).toHaveAttribute(
      'content',
      'Page not found | Lamplight Puzzle Co.',
    )
    unmount()
  })
})
