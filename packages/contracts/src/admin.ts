import { z } from 'zod'
import { endpoint } from './endpoint'
import { formatCount } from './format'
import { USER_ROLES } from './roles'

/** Rows per page of the dashboard's tables (customers, progress, resources). */
export const ADMIN_TABLE_PAGE_SIZE = 25
/** Long text (a name, a title) is cut to this many characters in lists, so a page stays small. */
export const ADMIN_LIST_TEXT_LIMIT = 200

const page = z.coerce.number().int().min(1).max(100_000).default(1)
const pageSize = z.coerce.number().int().min(1).max(100).default(ADMIN_TABLE_PAGE_SIZE)
const search = z.string().trim().max(200).optional()

export const CustomerRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(USER_ROLES),
  email_verified: z.boolean(),
  created_at: z.iso.datetime({ offset: true }),
  orders: z.number().int().nonnegative(),
})
export type CustomerRow = z.infer<typeof CustomerRowSchema>

export const AdminSummarySchema = z.object({
  customers: z.number().int().nonnegative(),
  completedOrders: z.number().int().nonnegative(),
  revenueThisMonthCents: z.number().int().nonnegative(),
  activePlayers: z.number().int().nonnegative(),
})
export type AdminSummary = z.infer<typeof AdminSummarySchema>

export const PuzzleContentRowSchema = z.object({
  id: z.string(),
  product_id: z.string(),
  product_name: z.string(),
  step_number: z.number().int(),
  title: z.string(),
  content: z.string(),
  hint: z.string().nullable(),
  answer: z.string(),
  unlock_message: z.string().nullable(),
  is_active: z.boolean(),
})
export type PuzzleContentRow = z.infer<typeof PuzzleContentRowSchema>

const requiredText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${formatCount(max)} characters.`)
const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${formatCount(max)} characters.`)
    .nullable()
    .transform((value) => value || null)

/** The Puzzle Content form: the same rules in the dashboard's form and in the API. */
export const PuzzleContentUpdateSchema = z.object({
  title: requiredText(200, 'Title'),
  content: requiredText(10_000, 'Content'),
  hint: optionalText(2_000, 'Hint'),
  answer: requiredText(500, 'Answer'),
  unlock_message: optionalText(2_000, 'Unlock message'),
  is_active: z.boolean(),
})
export type PuzzleContentUpdate = z.input<typeof PuzzleContentUpdateSchema>

export const ProgressRowSchema = z.object({
  user_id: z.string(),
  customer_email: z.string().nullable(),
  customer_name: z.string().nullable(),
  product_id: z.string(),
  product_name: z.string(),
  current_step: z.number().int(),
  completed_steps: z.array(z.number().int()),
  last_activity: z.iso.datetime({ offset: true }),
  completed_at: z.iso.datetime({ offset: true }).nullable(),
})
export type ProgressRow = z.infer<typeof ProgressRowSchema>

const id = z.string().min(1).max(100)
const uuid = z.uuid()

export const adminUsersContract = {
  customers: endpoint({
    method: 'GET',
    path: '/admin/customers',
    access: 'admin',
    summary: 'Accounts, newest first, with role and order count; searched by email or name, a page at a time',
    query: z.object({ q: search, page, page_size: pageSize }),
    response: z.object({ data: z.array(CustomerRowSchema), total: z.number().int() }),
  }),
  setRole: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id/role',
    access: 'admin',
    answers: { 409: 'The last admin, or your own admin role, cannot be removed.' },
    summary: "Change someone's role (recorded in the audit log; an admin cannot demote themself)",
    params: z.object({ id }),
    body: z.object({ role: z.enum(USER_ROLES) }),
    response: z.object({ data: z.object({ id: z.string(), email: z.string(), role: z.enum(USER_ROLES) }) }),
  }),
}

export const adminDashboardContract = {
  summary: endpoint({
    method: 'GET',
    path: '/admin/summary',
    access: 'admin',
    summary:
      'Dashboard cards: customers, completed orders, revenue this month, active puzzle players (progress without completed_at)',
    response: z.object({ data: AdminSummarySchema }),
  }),
  grant: endpoint({
    method: 'POST',
    path: '/admin/customers/:id/grant',
    access: 'admin',
    summary:
      "Grant a customer a product: a completed order of 0 (default: the first puzzle content's product). A second grant changes nothing",
    params: z.object({ id }),
    body: z.object({ productId: uuid.optional() }),
    response: z.object({
      data: z.object({ order_id: z.string(), product_id: z.string(), created: z.boolean() }),
    }),
  }),
  puzzleContent: endpoint({
    method: 'GET',
    path: '/admin/puzzle-content',
    access: 'admin',
    summary: 'Every puzzle step with its product, by product and step number',
    response: z.object({ data: z.array(PuzzleContentRowSchema) }),
  }),
  updatePuzzleContent: endpoint({
    method: 'PUT',
    path: '/admin/puzzle-content/:id',
    access: 'admin',
    summary: 'Edit a puzzle step (recorded in the audit log)',
    params: z.object({ id: uuid }),
    body: PuzzleContentUpdateSchema,
    response: z.object({ data: PuzzleContentRowSchema }),
  }),
  progress: endpoint({
    method: 'GET',
    path: '/admin/progress',
    access: 'admin',
    summary: 'Puzzle progress with customer and product, newest activity first, a page at a time',
    query: z.object({ page, page_size: pageSize }),
    response: z.object({ data: z.array(ProgressRowSchema), total: z.number().int() }),
  }),
  resetProgress: endpoint({
    method: 'POST',
    path: '/admin/progress/:userId/:productId/reset',
    access: 'admin',
    summary:
      "Reset a player's puzzle progress on one product: the record is removed and the player starts again at step 1 (recorded in the audit log)",
    params: z.object({ userId: id, productId: uuid }),
    response: z.object({ data: z.object({ reset: z.literal(true) }) }),
  }),
}

/** One entry of the audit log: who did what, when, and the record before and after. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  created_at: z.iso.datetime({ offset: true }),
  actor_id: z.string().nullable(),
  actor_email: z.string().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.string().nullable(),
  /** What the entry is about, in words (the order number, the resource's title, the account); null once it is deleted. */
  subject: z.string().nullable(),
  /** Where the console shows that record, if it does. */
  subject_href: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  data: z.unknown(),
})
export type AuditEntryRow = z.infer<typeof AuditEntrySchema>

export const adminAuditContract = {
  list: endpoint({
    method: 'GET',
    path: '/admin/audit',
    access: 'admin',
    summary:
      'The audit log, newest first, a page at a time: who, what, when, the record before and after; optionally one kind of entity',
    query: z.object({
      entity: z
        .string()
        .trim()
        .max(50)
        .regex(/^[a-z_]+$/, 'An entity is lower-case letters and underscores.')
        .optional(),
      page,
      page_size: pageSize,
    }),
    response: z.object({ data: z.array(AuditEntrySchema), total: z.number().int() }),
  }),
}
