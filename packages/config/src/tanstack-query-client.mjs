// The browser's TanStack Query, shared as the `@tanstack/react-query` singleton (same share key,
// version and range as the package). Module Federation cannot tree-shake a shared library:
// a remote may ask for any of its exports, so the whole package ships (13.1 KB gzip). This
// module is what the shell and the remotes provide instead: the names our browser code
// imports, nothing more (the suspense hooks, useIsFetching, skipToken, the error-reset
// boundary, dehydrate and the cache classes went in 2026-11-24: 0.8 KB gzip together with
// react-router's unused names). Left out as well, for their weight (gzip): useQueries and
// useSuspenseQueries (1 KB each), HydrationBoundary (the shell hydrates the cache itself),
// useIsMutating and useMutationState (0.2 KB each), the observers and the managers.
// `tanstack-query-client.test.ts` fails when an app imports a name this module does not
// export: add it here (and measure it). Server builds share the whole package.
export {
  hydrate,
  infiniteQueryOptions,
  keepPreviousData,
  mutationOptions,
  QueryClient,
  QueryClientProvider,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@lamplight/tanstack-query-impl'
