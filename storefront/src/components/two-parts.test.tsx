import { render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { TWO_PARTS_TEXT, TwoParts } from './two-parts'

describe('a box’s two parts', () => {
  it('explains both in one sentence, each with its own button', () => {
    render(
      <MemoryRouter>
        <TwoParts productSlug="apostles-road" />
      </MemoryRouter>,
    )
    expect(screen.getByText(TWO_PARTS_TEXT)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Start the online story' })).toHaveAttribute(
      'href',
      '/puzzle/apostles-road',
    )
    expect(screen.getByRole('link', { name: "Enter your box's code" })).toHaveAttribute(
      'href',
      '/puzzle-portal/apostles-road',
    )
  })

  it('sends the Scroll’s buyers to the spec’s /puzzle-portal', () => {
    render(
      <MemoryRouter>
        <TwoParts productSlug="scroll-of-antioch" />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: "Enter your box's code" })).toHaveAttribute(
      'href',
      '/puzzle-portal',
    )
  })
})
