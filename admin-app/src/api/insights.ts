import { type InsightsRange, insightsContract } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

export const insightsKeys = {
  all: ['admin', 'insights'] as const,
  section: (section: keyof typeof insightsContract, range: InsightsRange) =>
    ['admin', 'insights', section, range] as const,
}

// One query per chart group: each section of the page loads, fails and retries on its own.
const shared = { placeholderData: keepPreviousData, retry: retryOnce }

export const revenueInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    ...shared,
    queryKey: insightsKeys.section('revenue', range),
    queryFn: ({ signal }) => request(insightsContract.revenue, { query: range, signal }),
    select: (r) => r.data,
  })

export const subscriberInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    ...shared,
    queryKey: insightsKeys.section('subscribers', range),
    queryFn: ({ signal }) => request(insightsContract.subscribers, { query: range, signal }),
    select: (r) => r.data,
  })

export const funnelInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    ...shared,
    queryKey: insightsKeys.section('funnel', range),
    queryFn: ({ signal }) => request(insightsContract.funnel, { query: range, signal }),
    select: (r) => r.data,
  })

export const libraryInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    ...shared,
    queryKey: insightsKeys.section('library', range),
    queryFn: ({ signal }) => request(insightsContract.library, { query: range, signal }),
    select: (r) => r.data,
  })

export const puzzleInsightsQuery = (range: InsightsRange) =>
  queryOptions({
    ...shared,
    queryKey: insightsKeys.section('puzzles', range),
    queryFn: ({ signal }) => request(insightsContract.puzzles, { query: range, signal }),
    select: (r) => r.data,
  })
