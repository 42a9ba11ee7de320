import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { FAQS } from './faq-data'
import { FaqAccordion, FaqPage } from './faq-page'

const triggers = () => screen.getAllByRole('button').filter((b) => b.hasAttribute('aria-expanded'))
const expanded = () => triggers().filter((b) => b.getAttribute('aria-expanded') === 'true')

describe('FAQ accordion', () => {
  it('lists twelve questions, all closed at first', () => {
    render(<FaqAccordion />)
    expect(triggers()).toHaveLength(12)
    expect(triggers().map((t) => t.textContent)).toEqual(FAQS.map((f) => f.question))
    expect(expanded()).toHaveLength(0)
  })

  it('opens one answer at a time and closes the open one when clicked again', async () => {
    const user = userEvent.setup()
    render(<FaqAccordion />)
    const first = screen.getByRole('button', { name: 'How long does an experience take?' })
    const second = screen.getByRole('button', { name: 'What ages are the experiences designed for?' })

    await user.click(first)
    expect(first).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByRole('region', { name: first.textContent! })).toHaveTextContent('2-4 hours')

    await user.click(second)
    expect(second).toHaveAttribute('aria-expanded', 'true')
    expect(first).toHaveAttribute('aria-expanded', 'false')
    expect(expanded()).toEqual([second])
    expect(screen.getByRole('region', { name: second.textContent! })).toHaveTextContent('ages 13+')

    await user.click(second)
    expect(expanded()).toHaveLength(0)
  })

  it('works from the keyboard', async () => {
    const user = userEvent.setup()
    render(<FaqAccordion />)
    await user.tab()
    expect(triggers()[0]).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(triggers()[0]).toHaveAttribute('aria-expanded', 'true')
    await user.keyboard('{ArrowDown}')
    expect(triggers()[1]).toHaveFocus()
    await user.keyboard(' ')
    expect(expanded()).toEqual([triggers()[1]])
  })

  it.each([
    ['How long does an experience take?', '2-4 hours'],
    ['What if I am not satisfied with my experience?', 'within 30 days'],
    ['What ages are the experiences designed for?', 'ages 13+'],
    ['Do you offer pricing for churches, schools and groups?', '10 or more'],
    ['How often do you release new experiences?', 'monthly'],
    ['How much does shipping cost?', 'free on every order over $35 within the US'],
    ['How long will my order take to arrive?', '3-5 business days'],
  ])('answers “%s” with the fact: %s', async (question, fact) => {
    const user = userEvent.setup()
    render(<FaqAccordion />)
    await user.click(screen.getByRole('button', { name: question }))
    expect(screen.getByRole('region', { name: question })).toHaveTextContent(fact)
  })
})

describe('FAQ page', () => {
  it('points to the contact page and shows the three info cards', () => {
    render(
      <MemoryRouter>
        <FaqPage />
      </MemoryRouter>,
    )
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Frequently Asked Questions')
    const still = screen.getByRole('complementary', { name: 'Still have questions?' })
    expect(within(still).getByRole('link', { name: /contact us/i })).toHaveAttribute('href', '/contact')
    for (const title of ['Shipping', 'Returns', 'Bulk orders']) {
      expect(screen.getByRole('heading', { level: 2, name: title })).toBeInTheDocument()
    }
    expect(screen.getByRole('link', { name: 'Request a group quote' })).toHaveAttribute(
      'href',
      '/contact?subject=Bulk%20order%20for%20a%20group',
    )
    expect(document.title).toBe('Frequently Asked Questions | Lamplight Puzzle Co.')
  })
})
