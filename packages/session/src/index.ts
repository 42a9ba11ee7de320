export {
  AuthProvider,
  type AuthState,
  fetchSession,
  SESSION_QUERY_KEY,
  type SessionUser,
  type UserRole,
  useAuth,
} from './auth-context'
export {
  formatTitle,
  JsonLd,
  normaliseOrigin,
  PageMeta,
  type PageMetaProps,
  PublicOriginProvider,
  publicUrl,
  SITE_NAME,
  scriptSafeJson,
  summarise,
  usePublicOrigin,
} from './page-meta'
export { NotFoundStatus, type PageStatus, PageStatusProvider } from './page-status'
export { createQueryClient } from './query-client'
