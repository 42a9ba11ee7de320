import { apiErrorMessage } from '@lamplight/session'
import { toast } from '@lamplight/ui'
import type { QueryClient } from '@tanstack/react-query'
import { addToCart } from '../../api/cart'

/**
 * What Add to Cart does, loaded when a pointer or finger nears the button (or on the press):
 * the request, the cart's cache and a toast for a refusal stay out of the first load of the
 * pages that list boxes (the home page's budget). Answers whether the box went in.
 */
export async function addBoxToCart(queryClient: QueryClient, productSlug: string): Promise<boolean> {
  try {
    await addToCart(queryClient, { productSlug, quantity: 1 })
    return true
  } catch (error) {
    toast.error('Not added to your cart', {
      description: apiErrorMessage(error, 'Please try again in a moment.'),
    })
    return false
  }
}
