import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'

import {
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerFooter,
  DrawerHeader,
  DrawerTitle,
  DrawerTrigger,
} from './drawer'

function MobileMenu(props: { open?: boolean; onOpenChange?: (open: boolean) => void }) {
  return (
    <Drawer {...props}>
      <DrawerTrigger>Menu</DrawerTrigger>
      <DrawerContent>
        <DrawerHeader>
          <DrawerTitle>Menu</DrawerTitle>
          <DrawerDescription>Browse the shop and free resources.</DrawerDescription>
        </DrawerHeader>
        <nav aria-label="Mobile">
          <a href="/experiences">Experiences</a>
          <a href="/resources">Resources</a>
        </nav>
        <DrawerFooter>
          <DrawerClose>Close menu</DrawerClose>
        </DrawerFooter>
      </DrawerContent>
    </Drawer>
  )
}

describe('Drawer', () => {
  it('renders nothing while closed', () => {
    render(<MobileMenu open={false} />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Experiences' })).not.toBeInTheDocument()
  })

  it('renders its content as a bottom drawer dialog when open', () => {
    render(<MobileMenu open />)
    const drawer = screen.getByRole('dialog', { name: 'Menu' })
    expect(drawer).toHaveAttribute('data-slot', 'drawer-content')
    expect(drawer).toHaveAttribute('data-vaul-drawer-direction', 'bottom')
    expect(drawer).toHaveAccessibleDescription('Browse the shop and free resources.')
    expect(screen.getByRole('link', { name: 'Experiences' })).toHaveAttribute('href', '/experiences')
  })

  it('opens from its trigger and asks to close from DrawerClose', async () => {
    const user = userEvent.setup()
    const onOpenChange = vi.fn()
    render(<MobileMenu onOpenChange={onOpenChange} />)

    await user.click(screen.getByRole('button', { name: 'Menu' }))
    expect(onOpenChange).toHaveBeenLastCalledWith(true)
    expect(screen.getByRole('dialog', { name: 'Menu' })).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Close menu' }))
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
  })
})
