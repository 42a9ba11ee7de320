export {
  AuthProvider,
  type AuthState,
  SESSION_QUERY_KEY,
  type SessionUser,
  type UserRole,
  useAuth,
} from './auth-context'
export {
  formatTitle,
  type PageMeta,
  SITE_NAME,
  useFallbackPageMeta,
  usePageMeta,
} from './page-meta'
export { createQueryClient } from './query-client'
