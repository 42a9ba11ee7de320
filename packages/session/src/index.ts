// The API client (decision 063): a remote takes these from the shared session, so a page
// carries one copy of them, the shell's, instead of one per remote (0.5-0.9 KB of each
// first load). The client itself is defined in @lamplight/contracts, beside the endpoints.
export {
  ApiError,
  type ApiErrorWords,
  apiBase,
  apiErrorMessage,
  apiFetch,
  request,
} from '@lamplight/contracts'
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
export { type RemoteModuleLoader, remoteModules } from './remote-modules'
