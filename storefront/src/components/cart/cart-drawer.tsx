import {
  Button,
  Drawer,
  DrawerClose,
  DrawerContent,
  DrawerDescription,
  DrawerHeader,
  DrawerTitle,
} from '@lamplight/ui'
import { XIcon } from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { CartContents } from './cart-contents'

/**
 * The cart as a side drawer, opened by Add to Cart (Shopify-like: the buyer sees what is in
 * it and goes on shopping or checks out). Loaded with its first opening (vaul and Radix's
 * dialog stay out of the pages' first load); /cart is the same contents as a page.
 */
export function CartDrawer({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const close = () => onOpenChange(false)
  return (
    <Drawer open={open} onOpenChange={onOpenChange} direction="right" autoFocus>
      <DrawerContent className="data-[vaul-drawer-direction=right]:w-full data-[vaul-drawer-direction=right]:sm:max-w-md">
        <DrawerHeader className="flex-row items-center justify-between gap-3 border-border border-b py-2 text-left">
          <DrawerTitle className="font-serif text-2xl">Your cart</DrawerTitle>
          <DrawerDescription className="sr-only">
            The boxes in your cart, their quantities and your order's total
          </DrawerDescription>
          <div className="flex items-center gap-1">
            <Button asChild variant="link" size="sm">
              <Link to="/cart" onClick={close}>
                View cart
              </Link>
            </Button>
            <DrawerClose asChild>
              <Button variant="ghost" size="icon" className="size-11" aria-label="Close cart">
                <XIcon aria-hidden className="size-5" />
              </Button>
            </DrawerClose>
          </div>
        </DrawerHeader>
        <div className="overflow-y-auto px-4 pb-6">
          <CartContents onNavigate={close} />
        </div>
      </DrawerContent>
    </Drawer>
  )
}
