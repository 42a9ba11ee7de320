// The browser's TanStack Query, shared as the `@tanstack/react-query` singleton (same share key,
// version and range as the package). Module Federation cannot tree-shake a shared library:
// a remote may ask for any of its exports, so the whole package ships (13.1 KB gzip). This
// module is what the shell and the remotes provide instead: the names our apps use, and a
// few that cost next to nothing and a browser app is likely to reach for (the suspense hooks,
// useIsFetching, skipToken, the error-reset boundary, the caches QueryClient takes). Left out
// on purpose, for their weight (gzip): useQueries and useSuspenseQueries (1 KB each),
// HydrationBoundary (the shell hydrates the cache itself), useIsMutating and
// useMutationState (0.2 KB each), the observers and the focus/online managers.
// `tanstack-query-client.test.ts` fails when an app imports a name this module does not
// export: add it here (and measure it). Server builds share the whole package.
export {
  dehydrate,
  hydrate,
  infiniteQueryOptions,
  isCancelledError,
  keepPreviousData,
  MutationCache,
  mutationOptions,
  QueryCache,
  QueryClient,
  QueryClientProvider,
  QueryErrorResetBoundary,
  queryOptions,
  skipToken,
  useInfiniteQuery,
  useIsFetching,
  useMutation,
  useQuery,
  useQueryClient,
  useQueryErrorResetBoundary,
  useSuspenseInfiniteQuery,
  useSuspenseQuery,
} from '@lamplight/tanstack-query-impl'
