import type { ComponentType } from 'react'
import { AuditTab } from './audit-tab'
import { CustomersTab } from './customers-tab'
import { MessagesTab } from './messages-tab'
import { ProgressTab } from './progress-tab'
import { PurchasesTab } from './purchases-tab'
import { PuzzleContentTab } from './puzzle-content-tab'
import { ResourcesTab } from './resources-tab'

export type DashboardTab = {
  /** In the URL: `/admin?tab=<value>`. */
  value: string
  label: string
  Panel: ComponentType
  /** `admin`: admins only; `staff`: editors too (the API answers them the same way). */
  level: 'admin' | 'staff'
}

/**
 * The dashboard's tabs, in order. A new tab is one entry here (and its panel component):
 * the page, the tab list and the editor's view all read this list. The shop owner's work
 * only: the developers' Deployments is a page of its own (/admin/deployments).
 */
export const DASHBOARD_TABS: DashboardTab[] = [
  { value: 'customers', label: 'Customers', Panel: CustomersTab, level: 'admin' },
  { value: 'purchases', label: 'Purchases', Panel: PurchasesTab, level: 'admin' },
  { value: 'puzzle-content', label: 'Puzzle Content', Panel: PuzzleContentTab, level: 'admin' },
  { value: 'progress', label: 'User Progress', Panel: ProgressTab, level: 'admin' },
  { value: 'resources', label: 'Resources', Panel: ResourcesTab, level: 'staff' },
  { value: 'messages', label: 'Messages', Panel: MessagesTab, level: 'admin' },
  { value: 'audit', label: 'Audit log', Panel: AuditTab, level: 'admin' },
]

/** The tabs someone with this role sees (an editor: the staff tabs only). */
export function tabsFor(role: 'admin' | 'editor'): DashboardTab[] {
  return DASHBOARD_TABS.filter((tab) => role === 'admin' || tab.level === 'staff')
}
