import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from './accordion'

function Faq() {
  return (
    <Accordion type="single" collapsible>
      <AccordionItem value="age">
        <AccordionTrigger>What age is it for?</AccordionTrigger>
        <AccordionContent>Families with children aged 8 and up.</AccordionContent>
      </AccordionItem>
      <AccordionItem value="shipping">
        <AccordionTrigger>How long is shipping?</AccordionTrigger>
        <AccordionContent>Three to five working days.</AccordionContent>
      </AccordionItem>
    </Accordion>
  )
}

describe('Accordion', () => {
  it('starts collapsed', () => {
    render(<Faq />)
    expect(screen.getByRole('button', { name: 'What age is it for?' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    expect(screen.queryByText('Families with children aged 8 and up.')).not.toBeInTheDocument()
  })

  it('keeps only one item open at a time', async () => {
    const user = userEvent.setup()
    render(<Faq />)
    const age = screen.getByRole('button', { name: 'What age is it for?' })
    const shipping = screen.getByRole('button', { name: 'How long is shipping?' })

    await user.click(age)
    expect(age).toHaveAttribute('aria-expanded', 'true')
    expect(screen.getByText('Families with children aged 8 and up.')).toBeVisible()

    await user.click(shipping)
    expect(shipping).toHaveAttribute('aria-expanded', 'true')
    expect(age).toHaveAttribute('aria-expanded', 'false')
    expect(screen.getByText('Three to five working days.')).toBeVisible()
    expect(screen.queryByText('Families with children aged 8 and up.')).not.toBeInTheDocument()
  })

  it('collapses the open item when its trigger is activated again', async () => {
    const user = userEvent.setup()
    render(<Faq />)
    const age = screen.getByRole('button', { name: 'What age is it for?' })

    await user.click(age)
    expect(age).toHaveAttribute('aria-expanded', 'true')
    age.focus()
    await user.keyboard('{Enter}')
    expect(age).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByText('Families with children aged 8 and up.')).not.toBeInTheDocument()
  })

  it('wraps triggers in headings and links content to its trigger', async () => {
    const user = userEvent.setup()
    render(<Faq />)
    await user.click(screen.getByRole('button', { name: 'How long is shipping?' }))
    expect(screen.getAllByRole('heading')).toHaveLength(2)
    expect(screen.getByRole('region', { name: 'How long is shipping?' })).toHaveTextContent(
      'Three to five working days.',
    )
  })
})
