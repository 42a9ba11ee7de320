import { AdminPage } from '../../components/admin-page'
import { DeploymentsTab } from './deployments-tab'

/**
 * `/admin/deployments`: which release of each remote the site loads, for developers. A page
 * of its own (DESIGN.md, the admin console), not a tab among the shop owner's daily ones.
 */
export function DeploymentsPage() {
  return (
    <AdminPage
      eyebrow="For developers"
      title="Deployments"
      lead="Which release of each part of the site visitors load."
    >
      <DeploymentsTab />
    </AdminPage>
  )
}
