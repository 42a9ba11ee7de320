import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs'

function Example() {
  return (
    <Tabs defaultValue="story">
      <TabsList aria-label="Puzzle details">
        <TabsTrigger value="story">Story</TabsTrigger>
        <TabsTrigger value="contents">Contents</TabsTrigger>
        <TabsTrigger value="reviews">Reviews</TabsTrigger>
      </TabsList>
      <TabsContent value="story">Follow the shepherd through the hills.</TabsContent>
      <TabsContent value="contents">Twelve wooden pieces and a scroll.</TabsContent>
      <TabsContent value="reviews">Loved by our Sunday school.</TabsContent>
    </Tabs>
  )
}

describe('Tabs', () => {
  it('shows the default panel', () => {
    render(<Example />)
    expect(screen.getByRole('tablist', { name: 'Puzzle details' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Story' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Follow the shepherd through the hills.')
  })

  it('switches tabs with the arrow keys, wrapping around', async () => {
    const user = userEvent.setup()
    render(<Example />)

    await user.tab()
    expect(screen.getByRole('tab', { name: 'Story' })).toHaveFocus()

    await user.keyboard('{ArrowRight}')
    expect(screen.getByRole('tab', { name: 'Contents' })).toHaveFocus()
    expect(screen.getByRole('tab', { name: 'Contents' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Twelve wooden pieces and a scroll.')

    await user.keyboard('{ArrowLeft}{ArrowLeft}')
    expect(screen.getByRole('tab', { name: 'Reviews' })).toHaveFocus()
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Loved by our Sunday school.')

    await user.keyboard('{Home}')
    expect(screen.getByRole('tab', { name: 'Story' })).toHaveAttribute('aria-selected', 'true')
  })

  it('moves focus from the active tab into its panel with Tab', async () => {
    const user = userEvent.setup()
    render(<Example />)
    await user.tab()
    await user.tab()
    expect(screen.getByRole('tabpanel')).toHaveFocus()
  })
})
