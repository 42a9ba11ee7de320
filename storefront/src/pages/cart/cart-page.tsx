import { PageMeta } from '@lamplight/session'
import { PageContainer } from '@lamplight/ui'
import { CartContents } from '../../components/cart/cart-contents'

/** /cart: the cart as a page, for a phone, a bookmark or the header's cart button. */
export function CartPage() {
  return (
    <PageContainer className="max-w-3xl">
      <PageMeta
        title="Your Cart"
        description="The puzzle boxes in your cart, their quantities, shipping to your country and your order's total."
        path="/cart"
      />
      <h1 className="font-serif text-4xl">Your cart</h1>
      <CartContents className="mt-6" />
    </PageContainer>
  )
}
