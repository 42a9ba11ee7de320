import type { RemotePages } from '@lamplight/remote'
import { lazy } from 'react'
import { HomePage } from './home/home-page'

// The landing page ships with the remote entry; the others download when first opened, so a
// first visit to `/` does not carry every page (and the form libraries) with it. While one
// loads, the shell's Suspense boundary keeps the previous page on screen during navigation.
const ExperiencesPage = lazy(() =>
  import('./experiences/experiences-page').then((m) => ({ default: m.ExperiencesPage })),
)
const ExperiencePage = lazy(() =>
  import('./experience/experience-page').then((m) => ({ default: m.ExperiencePage })),
)
const AboutPage = lazy(() => import('./about/about-page').then((m) => ({ default: m.AboutPage })))
const FaqPage = lazy(() => import('./faq/faq-page').then((m) => ({ default: m.FaqPage })))
const ContactPage = lazy(() => import('./contact/contact-page').then((m) => ({ default: m.ContactPage })))
const ScrollOfAntiochPage = lazy(() =>
  import('./scroll-of-antioch/scroll-of-antioch-page').then((m) => ({ default: m.ScrollOfAntiochPage })),
)

const ShippingPage = lazy(() => import('./policies/shipping-page').then((m) => ({ default: m.ShippingPage })))
const ReturnsPage = lazy(() => import('./policies/returns-page').then((m) => ({ default: m.ReturnsPage })))
const PrivacyPage = lazy(() => import('./policies/privacy-page').then((m) => ({ default: m.PrivacyPage })))

const ShopPage = lazy(() => import('./shop/shop-page').then((m) => ({ default: m.ShopPage })))
const CheckoutPage = lazy(() => import('./checkout/checkout-page').then((m) => ({ default: m.CheckoutPage })))
const CartCheckoutPage = lazy(() =>
  import('./checkout/checkout-page').then((m) => ({ default: m.CartCheckoutPage })),
)
const CheckoutSuccessPage = lazy(() =>
  import('./checkout/checkout-success-page').then((m) => ({ default: m.CheckoutSuccessPage })),
)

const GiftCardsPage = lazy(() =>
  import('./gift-cards/gift-cards-page').then((m) => ({ default: m.GiftCardsPage })),
)
const CartPage = lazy(() => import('./cart/cart-page').then((m) => ({ default: m.CartPage })))
const OrderLookupPage = lazy(() =>
  import('./order-status/order-lookup-page').then((m) => ({ default: m.OrderLookupPage })),
)
const OrderStatusPage = lazy(() =>
  import('./order-status/order-status-page').then((m) => ({ default: m.OrderStatusPage })),
)

const AccountPage = lazy(() => import('./account/account-page').then((m) => ({ default: m.AccountPage })))

/** Route path (as in the route map) → page component. Routes not listed show their frame. */
export const pages: RemotePages = {
  '/': HomePage,
  '/experiences': ExperiencesPage,
  '/experiences/:productSlug': ExperiencePage,
  '/about': AboutPage,
  '/faq': FaqPage,
  '/contact': ContactPage,
  '/scroll-of-antioch': ScrollOfAntiochPage,
  '/shop': ShopPage,
  '/cart': CartPage,
  '/checkout/cart': CartCheckoutPage,
  '/checkout/:productSlug': CheckoutPage,
  '/checkout': CheckoutSuccessPage,
  '/purchase-success': CheckoutSuccessPage,
  '/gift-cards': GiftCardsPage,
  '/account': AccountPage,
  '/orders/lookup': OrderLookupPage,
  '/orders/status': OrderStatusPage,
  '/shipping': ShippingPage,
  '/returns': ReturnsPage,
  '/privacy': PrivacyPage,
}
