import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import {
  NavigationMenu,
  NavigationMenuContent,
  NavigationMenuItem,
  NavigationMenuLink,
  NavigationMenuList,
  NavigationMenuTrigger,
  navigationMenuTriggerStyle,
} from './navigation-menu'

function Header({ viewport }: { viewport?: boolean }) {
  return (
    <NavigationMenu aria-label="Main" viewport={viewport}>
      <NavigationMenuList>
        <NavigationMenuItem>
          <NavigationMenuTrigger>Experiences</NavigationMenuTrigger>
          <NavigationMenuContent>
            <NavigationMenuLink href="/experiences/lost-sheep">The Lost Sheep</NavigationMenuLink>
            <NavigationMenuLink href="/experiences/jonah">Jonah and the Whale</NavigationMenuLink>
          </NavigationMenuContent>
        </NavigationMenuItem>
        <NavigationMenuItem>
          <NavigationMenuTrigger>Resources</NavigationMenuTrigger>
          <NavigationMenuContent>
            <NavigationMenuLink href="/resources/colouring">Colouring pages</NavigationMenuLink>
          </NavigationMenuContent>
        </NavigationMenuItem>
        <NavigationMenuItem>
          <NavigationMenuLink href="/about" active className={navigationMenuTriggerStyle()}>
            About
          </NavigationMenuLink>
        </NavigationMenuItem>
      </NavigationMenuList>
    </NavigationMenu>
  )
}

describe('NavigationMenu', () => {
  it('renders a labelled navigation landmark with closed triggers and a viewport', () => {
    const { container } = render(<Header />)
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-slot', 'navigation-menu')
    expect(screen.getByRole('button', { name: 'Experiences' })).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'The Lost Sheep' })).not.toBeInTheDocument()
    expect(container.querySelector('[data-slot="navigation-menu"]')).toHaveAttribute('data-viewport', 'true')
  })

  it('opens from the keyboard, moves into the content and closes with Escape', async () => {
    const user = userEvent.setup()
    render(<Header />)
    const experiences = screen.getByRole('button', { name: 'Experiences' })

    await user.tab()
    expect(experiences).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(experiences).toHaveAttribute('aria-expanded', 'true')
    expect(await screen.findByRole('link', { name: 'The Lost Sheep' })).toHaveAttribute(
      'href',
      '/experiences/lost-sheep',
    )

    await user.keyboard('{Escape}')
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'The Lost Sheep' })).not.toBeInTheDocument(),
    )
    expect(experiences).toHaveAttribute('aria-expanded', 'false')
    expect(experiences).toHaveFocus()
  })

  it('toggles a dropdown with clicks', async () => {
    render(<Header />)
    const resources = screen.getByRole('button', { name: 'Resources' })

    // Clicks alone: userEvent also moves the pointer, and Radix's hover-open timer (200 ms)
    // could then reopen the menu after the second click on a slow machine. Hover has its
    // own tests below, with fake timers.
    fireEvent.click(resources)
    expect(await screen.findByRole('link', { name: 'Colouring pages' })).toBeInTheDocument()
    fireEvent.click(resources)
    await waitFor(() =>
      expect(screen.queryByRole('link', { name: 'Colouring pages' })).not.toBeInTheDocument(),
    )
  })

  describe('hover timing', () => {
    beforeEach(() => {
      vi.useFakeTimers()
    })
    afterEach(() => {
      vi.useRealTimers()
    })

    const hover = (element: HTMLElement) => fireEvent.pointerMove(element, { pointerType: 'mouse' })
    const leave = (element: HTMLElement) => fireEvent.pointerLeave(element, { pointerType: 'mouse' })
    const wait = (ms: number) =>
      act(() => {
        vi.advanceTimersByTime(ms)
      })

    it('opens on hover after the 200ms delayDuration', () => {
      render(<Header />)
      const experiences = screen.getByRole('button', { name: 'Experiences' })

      hover(experiences)
      wait(150)
      expect(experiences).toHaveAttribute('aria-expanded', 'false')
      wait(60)
      expect(experiences).toHaveAttribute('aria-expanded', 'true')
    })

    it('skips the delay for 300ms after a menu closes', () => {
      render(<Header />)
      const experiences = screen.getByRole('button', { name: 'Experiences' })
      const resources = screen.getByRole('button', { name: 'Resources' })

      hover(experiences)
      wait(210)
      leave(experiences)
      wait(160)
      expect(experiences).toHaveAttribute('aria-expanded', 'false')

      wait(250)
      hover(resources)
      expect(resources).toHaveAttribute('aria-expanded', 'true')

      leave(resources)
      wait(160)
      expect(resources).toHaveAttribute('aria-expanded', 'false')
      wait(310)
      hover(experiences)
      expect(experiences).toHaveAttribute('aria-expanded', 'false')
    })
  })

  it('marks the active link and supports rendering without the shared viewport', () => {
    const { container } = render(<Header viewport={false} />)
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
    expect(container.querySelector('[data-slot="navigation-menu-viewport"]')).not.toBeInTheDocument()
  })
})
