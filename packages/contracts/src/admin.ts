import { z } from 'zod'
import { endpoint } from './endpoint'
import { USER_ROLES } from './roles'

export const CustomerRowSchema = z.object({
  id: z.string(),
  email: z.string(),
  full_name: z.string(),
  role: z.enum(USER_ROLES),
  email_verified: z.boolean(),
  created_at: z.coerce.date(),
})

export const adminUsersContract = {
  customers: endpoint({
    method: 'GET',
    path: '/admin/customers',
    access: 'admin',
    summary: 'Every account, newest first, with its role',
    response: z.object({ data: z.array(CustomerRowSchema) }),
  }),
  setRole: endpoint({
    method: 'PATCH',
    path: '/admin/users/:id/role',
    access: 'admin',
    summary: "Change someone's role (recorded in the audit log; an admin cannot demote themself)",
    params: z.object({ id: z.string().min(1).max(100) }),
    body: z.object({ role: z.enum(USER_ROLES) }),
    response: z.object({ data: z.object({ id: z.string(), email: z.string(), role: z.enum(USER_ROLES) }) }),
  }),
}
