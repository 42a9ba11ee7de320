import { insightsContract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'
import {
  funnelInsights,
  libraryInsights,
  periodsOf,
  puzzleInsights,
  revenueInsights,
  subscriberInsights,
} from './service'

/** The admin's Insights: one route per chart group, each over `from`..`to` and the period before. */
export const insightsRouter = defineRouter('/admin/insights')
  .handle(insightsContract.revenue, async ({ c, db, query }) =>
    c.json({ data: await revenueInsights(db, periodsOf(query.from, query.to)) }),
  )
  .handle(insightsContract.subscribers, async ({ c, db, query }) =>
    c.json({ data: await subscriberInsights(db, periodsOf(query.from, query.to)) }),
  )
  .handle(insightsContract.funnel, async ({ c, db, query }) =>
    c.json({ data: await funnelInsights(db, periodsOf(query.from, query.to)) }),
  )
  .handle(insightsContract.library, async ({ c, db, query }) =>
    c.json({ data: await libraryInsights(db, periodsOf(query.from, query.to)) }),
  )
  .handle(insightsContract.puzzles, async ({ c, db, query }) =>
    c.json({ data: await puzzleInsights(db, periodsOf(query.from, query.to)) }),
  )
