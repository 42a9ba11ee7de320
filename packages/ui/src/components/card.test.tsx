import { render, screen } from '@testing-library/react'

import { Card, CardAction, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from './card'

describe('Card', () => {
  it('renders every part with its data-slot and merges classes', () => {
    const { container } = render(
      <Card className="py-4" aria-label="The Lost Sheep">
        <CardHeader>
          <CardTitle>The Lost Sheep</CardTitle>
          <CardDescription>A 45-minute family puzzle box</CardDescription>
          <CardAction>£29</CardAction>
        </CardHeader>
        <CardContent>Contents</CardContent>
        <CardFooter>Footer</CardFooter>
      </Card>,
    )

    const card = container.querySelector('[data-slot="card"]')
    expect(card).toHaveClass('py-4', 'bg-card')
    expect(card).not.toHaveClass('py-6')
    for (const slot of [
      'card-header',
      'card-title',
      'card-description',
      'card-action',
      'card-content',
      'card-footer',
    ]) {
      expect(container.querySelector(`[data-slot="${slot}"]`)).toBeInTheDocument()
    }
    expect(screen.getByText('The Lost Sheep')).toHaveClass('font-serif')
  })
})
