import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { FeatureGrid } from './feature-grid'

describe('FeatureGrid', () => {
  it('is a section named by its heading, with its cards in a list', () => {
    render(
      <FeatureGrid
        id="why"
        eyebrow="Why Lamplight"
        title="More than a game night"
        lead="Evenings that mean something."
        footer={<p>Psalm 119:105</p>}
      >
        <li>Scripture at the heart</li>
        <li>Made for gathering</li>
      </FeatureGrid>,
    )
    const section = screen.getByRole('region', { name: 'More than a game night' })
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent('More than a game night')
    expect(within(section).getByText('Why Lamplight')).toBeInTheDocument()
    expect(within(section).getByText('Evenings that mean something.')).toBeInTheDocument()
    const list = within(section).getByRole('list')
    expect(list.tagName).toBe('UL')
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Scripture at the heart', 'Made for gathering'])
    expect(within(section).getByText('Psalm 119:105')).toBeInTheDocument()
  })

  it('numbers steps in an ordered list, and puts an action beside the heading', () => {
    render(
      <FeatureGrid id="how" title="Three steps" ordered action={<a href="/experiences">See all</a>}>
        <li>Choose</li>
        <li>Open</li>
        <li>Solve</li>
      </FeatureGrid>,
    )
    const section = screen.getByRole('region', { name: 'Three steps' })
    expect(within(section).getByRole('list').tagName).toBe('OL')
    expect(within(section).getByRole('link', { name: 'See all' })).toHaveAttribute('href', '/experiences')
  })
})
