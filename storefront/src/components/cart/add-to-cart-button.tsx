import { Button, cn } from '@lamplight/ui'
import { ShoppingCartIcon } from '@lamplight/ui/icons'
import { useQueryClient } from '@tanstack/react-query'
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react'

const loadAction = () => import('./add-to-cart-action')
const loadDrawer = () => import('./cart-drawer')
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })))

/**
 * Add to Cart: puts one box in the cart on the server, then opens the cart drawer with what
 * is in it. Only the button is in a page's first load: its action and the drawer are fetched
 * when a pointer or finger comes near it (at the latest on the press), so a page only read
 * never downloads them. A refusal (sold out, too many) is said in a toast and changes nothing.
 */
export function AddToCartButton({
  productSlug,
  productName,
  children,
  ...props
}: {
  productSlug: string
  productName: string
  children?: ReactNode
} & Omit<ComponentProps<typeof Button>, 'onClick' | 'children' | 'asChild'>) {
  const queryClient = useQueryClient()
  const [adding, setAdding] = useState(false)
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const prefetch = () => {
    void loadAction()
    void loadDrawer()
  }
  const add = async () => {
    setAdding(true)
    try {
      const { addBoxToCart } = await loadAction()
      if (await addBoxToCart(queryClient, productSlug)) {
        setWanted(true)
        setOpen(true)
      }
    } finally {
      setAdding(false)
    }
  }
  return (
    <>
      <Button
        {...props}
        disabled={adding || props.disabled}
        aria-busy={adding || undefined}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => void add()}
      >
        {/* No spinner component here: the button is on every page that lists boxes. */}
        <ShoppingCartIcon aria-hidden="true" className={cn(adding && 'animate-pulse')} />
        {children ?? (
          <>
            Add to Cart<span className="sr-only">: {productName}</span>
          </>
        )}
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <CartDrawer open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  )
}
