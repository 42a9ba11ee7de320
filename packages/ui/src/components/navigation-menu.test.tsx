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

function Header() {
  return (
    <NavigationMenu aria-label="Main">
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
  it('renders a labelled navigation landmark with closed disclosure buttons', () => {
    render(<Header />)
    expect(screen.getByRole('navigation', { name: 'Main' })).toHaveAttribute('data-slot', 'navigation-menu')
    const experiences = screen.getByRole('button', { name: 'Experiences' })
    expect(experiences).toHaveAttribute('aria-expanded', 'false')
    expect(experiences).not.toHaveAttribute('aria-controls')
    expect(screen.queryByRole('link', { name: 'The Lost Sheep' })).not.toBeInTheDocument()
  })

  it('points the open button at its list, and keeps one dropdown open at a time', () => {
    render(<Header />)
    const experiences = screen.getByRole('button', { name: 'Experiences' })
    const resources = screen.getByRole('button', { name: 'Resources' })
    fireEvent.click(experiences)
    const list = screen
      .getByRole('link', { name: 'The Lost Sheep' })
      .closest('[data-slot="navigation-menu-content"]')
    expect(experiences).toHaveAttribute('aria-controls', list?.id)
    fireEvent.click(resources)
    expect(resources).toHaveAttribute('aria-expanded', 'true')
    expect(experiences).toHaveAttribute('aria-expanded', 'false')
    expect(screen.queryByRole('link', { name: 'The Lost Sheep' })).not.toBeInTheDocument()
  })

  it('closes on a click outside, when focus leaves the dropdown, and when a link is followed', async () => {
    const user = userEvent.setup()
    render(
      <>
        <Header />
        <button type="button">Elsewhere</button>
      </>,
    )
    const experiences = screen.getByRole('button', { name: 'Experiences' })

    fireEvent.click(experiences)
    fireEvent.pointerDown(document.body)
    expect(experiences).toHaveAttribute('aria-expanded', 'false')

    // Tab through the links and past the last one: the dropdown closes.
    experiences.focus()
    await user.keyboard('{Enter}')
    await user.tab()
    expect(screen.getByRole('link', { name: 'The Lost Sheep' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('link', { name: 'Jonah and the Whale' })).toHaveFocus()
    await user.tab()
    expect(screen.getByRole('button', { name: 'Resources' })).toHaveFocus()
    expect(experiences).toHaveAttribute('aria-expanded', 'false')

    fireEvent.click(experiences)
    // jsdom cannot navigate: cancel the link's default action after React has seen the click.
    const stay = (event: Event) => event.preventDefault()
    window.addEventListener('click', stay)
    fireEvent.click(screen.getByRole('link', { name: 'Jonah and the Whale' }))
    window.removeEventListener('click', stay)
    expect(experiences).toHaveAttribute('aria-expanded', 'false')
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

    // Clicks alone: userEvent also moves the pointer (hover has its own tests below, with
    // fake timers).
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

    it('does not restart the delay while the pointer moves, and does not reopen after a click closed it', () => {
      render(<Header />)
      const experiences = screen.getByRole('button', { name: 'Experiences' })

      hover(experiences)
      wait(100)
      hover(experiences)
      wait(110)
      expect(experiences).toHaveAttribute('aria-expanded', 'true')

      wait(400)
      fireEvent.click(experiences)
      expect(experiences).toHaveAttribute('aria-expanded', 'false')
      hover(experiences)
      wait(500)
      expect(experiences).toHaveAttribute('aria-expanded', 'false')
    })

    it('stays open while the pointer moves from the button into the list', () => {
      render(<Header />)
      const experiences = screen.getByRole('button', { name: 'Experiences' })
      hover(experiences)
      wait(210)
      leave(experiences)
      wait(50)
      fireEvent.pointerEnter(screen.getByRole('link', { name: 'The Lost Sheep' }), { pointerType: 'mouse' })
      wait(200)
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

  it('keeps a dropdown open when the click lands just after the pointer opened it', () => {
    vi.useFakeTimers()
    try {
      render(<Header />)
      const experiences = screen.getByRole('button', { name: 'Experiences' })
      fireEvent.click(experiences)
      // Following a link closes the dropdown; moving straight back onto the button opens it
      // at once (skip delay), and the click that follows must not shut it again.
      fireEvent.click(screen.getByRole('link', { name: 'The Lost Sheep' }))
      expect(experiences).toHaveAttribute('aria-expanded', 'false')
      act(() => {
        vi.advanceTimersByTime(50)
      })
      fireEvent.pointerMove(experiences, { pointerType: 'mouse' })
      expect(experiences).toHaveAttribute('aria-expanded', 'true')
      fireEvent.click(experiences)
      expect(experiences).toHaveAttribute('aria-expanded', 'true')
      expect(screen.getByRole('link', { name: 'Jonah and the Whale' })).toBeInTheDocument()

      // Later, a click on the open button closes it as before.
      act(() => {
        vi.advanceTimersByTime(400)
      })
      fireEvent.click(experiences)
      expect(experiences).toHaveAttribute('aria-expanded', 'false')
    } finally {
      vi.useRealTimers()
    }
  })

  it('marks the active link', () => {
    render(<Header />)
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'About' })).toHaveAttribute('data-active')
  })
})
