import { apiErrorMessage } from '@lamplight/contracts'
import { Button, Spinner, toast } from '@lamplight/ui'
import { ShoppingCartIcon } from '@lamplight/ui/icons'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { type ComponentProps, lazy, type ReactNode, Suspense, useState } from 'react'
import { cartMutations } from '../../api/cart'

const loadDrawer = () => import('./cart-drawer')
const CartDrawer = lazy(() => loadDrawer().then((m) => ({ default: m.CartDrawer })))

/**
 * Add to Cart: puts one box in the cart on the server, then opens the cart drawer with what
 * is in it. The drawer's code is fetched when a pointer or finger comes near the button, so a
 * page only read never downloads it. A refusal (sold out, too many) is said in a toast and
 * changes nothing.
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
  const add = useMutation(cartMutations.add(queryClient))
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const prefetch = () => {
    void loadDrawer()
  }
  return (
    <>
      <Button
        {...props}
        disabled={add.isPending || props.disabled}
        aria-busy={add.isPending || undefined}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() =>
          add.mutate(
            { productSlug, quantity: 1 },
            {
              onSuccess: () => {
                setWanted(true)
                setOpen(true)
              },
              onError: (error) =>
                toast.error('Not added to your cart', {
                  description: apiErrorMessage(error, 'Please try again in a moment.'),
                }),
            },
          )
        }
      >
        {add.isPending ? (
          <Spinner size="sm" label="" className="text-current" />
        ) : (
          <ShoppingCartIcon aria-hidden="true" />
        )}
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
