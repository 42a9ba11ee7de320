export {
  AuthProvider,
  type AuthState,
  SESSION_QUERY_KEY,
  type SessionUser,
  type UserRole,
  useAuth,
} from './auth-context'
export { createQueryClient } from './query-client'
