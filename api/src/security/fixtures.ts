import { orders, products } from '../db/schema'
import type { TestDatabase } from '../test/database'
import type { Actors } from './actors'

export type FixtureContext = { database: TestDatabase; actors: Actors }

/** A request that the route's allowed callers can make successfully. */
export type SampleRequest = {
  params?: Record<string, string>
  query?: Record<string, string>
  body?: unknown
}

export type RouteFixture = {
  /**
   * Builds (in the database, through `ctx.database.db`) what the request names, owned by
   * `ctx.actors.ids.customer` for ownership rules, and returns the request. The matrix then
   * expects 2xx for every allowed caller, and 404 for the other customer on ownership rules.
   */
  sample: (ctx: FixtureContext) => Promise<SampleRequest>
  /** For ownership rules: whether editors and admins pass the rule as well (default: admins do, editors do not). */
  alsoAllowed?: ('editor' | 'admin')[]
  /** A route that changes state on success: each caller gets a fresh sample. */
  freshSamplePerCaller?: boolean
  /** The route ends or changes the caller's session (sign-out, password change): run it with throwaway callers. */
  throwawayCallers?: boolean
}

/**
 * Samples for routes the matrix cannot call meaningfully with made-up parameters. A route
 * with an ownership rule MUST have one here (the matrix fails without it), so its IDOR check
 * runs the day it is added. Key: `METHOD /path` as declared in the contract.
 */
export const ROUTE_FIXTURES: Record<string, RouteFixture> = {
  // The Insights (decision 044): a range is required.
  ...Object.fromEntries(
    ['revenue', 'subscribers', 'funnel', 'library', 'puzzles'].map((section) => [
      `GET /admin/insights/${section}`,
      { sample: async () => ({ query: { from: '2026-01-01', to: '2026-01-31' } }) },
    ]),
  ),
  'POST /auth/sign-out': { sample: async () => ({ body: {} }), throwawayCallers: true },
  'POST /auth/revoke-sessions': { sample: async () => ({ body: {} }), throwawayCallers: true },
  'POST /auth/change-password': {
    sample: async () => ({
      body: { currentPassword: 'matrix-password-1', newPassword: 'matrix-password-2' },
    }),
    throwawayCallers: true,
    freshSamplePerCaller: true,
  },
  // A box the customer bought (a completed order); admins own every product.
  'GET /puzzles/:productSlug': {
    sample: async ({ database, actors }) => {
      const slug = 'matrix-puzzle-box'
      const [product] = await database.db
        .insert(products)
        .values({ slug, name: 'Matrix Puzzle Box', priceCents: 1000 })
        .onConflictDoNothing({ target: products.slug })
        .returning()
      if (product) {
        await database.db.insert(orders).values({
          userId: actors.ids.customer,
          email: 'customer@matrix.test',
          productId: product.id,
          amountCents: 1000,
          provider: 'test',
          status: 'completed',
        })
      }
      return { params: { productSlug: slug } }
    },
  },
}
