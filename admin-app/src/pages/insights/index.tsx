import { LoadingState } from '@lamplight/ui'
import { lazy, Suspense } from 'react'

// The charting library is in this page's own chunk, loaded when an admin opens it: no other
// page, public or admin, downloads it (decision 044).
const Page = lazy(() => import('./insights-page').then((module) => ({ default: module.InsightsPage })))

export function InsightsRoute() {
  return (
    <Suspense fallback={<LoadingState label="Loading insights" />}>
      <Page />
    </Suspense>
  )
}
