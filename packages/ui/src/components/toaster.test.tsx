import { act, render, screen } from '@testing-library/react'

import { Toaster, toast } from './toaster'

describe('Toaster', () => {
  it('renders nothing until the first toast (sonner loads with it)', async () => {
    const { container } = render(<Toaster />)
    // Long enough for sonner to load, were it loaded without a toast.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)))
    expect(container).toBeEmptyDOMElement()
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull()
  })

  it('shows toasts raised with the re-exported toast()', async () => {
    render(<Toaster />)
    act(() => {
      toast.success('Added to your basket', { description: 'The Lost Sheep puzzle box' })
    })
    expect(await screen.findByText('Added to your basket')).toBeInTheDocument()
    expect(screen.getByText('The Lost Sheep puzzle box')).toBeInTheDocument()
  })

  it('applies the Lamplight theme variables while keeping caller styles', async () => {
    render(<Toaster style={{ zIndex: 60 }} />)
    act(() => {
      toast('Saved')
    })
    await screen.findByText('Saved')
    const list = document.querySelector<HTMLElement>('[data-sonner-toaster]')
    expect(list).not.toBeNull()
    expect(list?.style.getPropertyValue('--normal-bg')).toBe('var(--color-popover)')
    expect(list?.style.getPropertyValue('--normal-text')).toBe('var(--color-popover-foreground)')
    expect(list?.style.zIndex).toBe('60')
    expect(list?.getAttribute('data-sonner-theme')).toBe('light')
  })
})
