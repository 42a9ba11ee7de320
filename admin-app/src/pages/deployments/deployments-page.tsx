import { PageMeta } from '@lamplight/session'
import { Button, PageFrame } from '@lamplight/ui'
import { ArrowLeftIcon } from '@lamplight/ui/icons'
import { Link } from 'react-router'
import { RequireRole } from '../../components/require-role'
import { DeploymentsTab } from './deployments-tab'

/**
 * `/admin/deployments`: which release of each remote the site loads, for developers. A page
 * of its own (DESIGN.md, the admin console), not a tab among the shop owner's daily ones.
 */
export function DeploymentsPage() {
  return (
    <RequireRole level="admin">
      <PageFrame
        eyebrow="For developers"
        title="Deployments"
        lead="Which release of each part of the site visitors load."
      >
        <PageMeta title="Deployments" />
        <Button asChild variant="ghost" size="sm" className="mb-4">
          <Link to="/admin">
            <ArrowLeftIcon aria-hidden className="size-4" />
            Back to the dashboard
          </Link>
        </Button>
        <DeploymentsTab />
      </PageFrame>
    </RequireRole>
  )
}
