import {
  type EndpointDef,
  type EndpointRequest,
  type EndpointResponse,
  PORTAL_TOKEN_HEADER,
  portalContract,
  puzzlesContract,
  type ValidateAnswerBody,
} from '@lamplight/contracts'
import { ApiError, request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'
import { mergePayload, readPortalPass } from '../lib/portal-storage'

/**
 * The puzzle app's data: key factories, `queryOptions` and mutation options over one
 * loader (README, "How we build"). Components never call fetch or build keys.
 */
async function load<E extends EndpointDef>(
  endpoint: E,
  input: EndpointRequest<E> & { signal?: AbortSignal; headers?: HeadersInit },
): Promise<EndpointResponse<E>> {
  return request(endpoint, input)
}

/** A visitor's portal pass travels in a header; a signed-in user's unlock is on the server. */
const passHeaders = (): HeadersInit => {
  const token = readPortalPass()
  return token ? { [PORTAL_TOKEN_HEADER]: token } : {}
}

/** Not found, not allowed, or bad input will not change on a retry. */
const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)

export const puzzleKeys = {
  all: ['puzzles'] as const,
  puzzle: (slug: string) => ['puzzles', 'puzzle', slug] as const,
  portal: (slug?: string) =>
    slug ? (['puzzles', 'portal', slug] as const) : (['puzzles', 'portal'] as const),
}

export const puzzleQueries = {
  puzzle: (slug: string) =>
    queryOptions({
      queryKey: puzzleKeys.puzzle(slug),
      queryFn: ({ signal }) => load(puzzlesContract.state, { params: { productSlug: slug }, signal }),
      select: (r) => r.data,
      retry,
    }),
  /** A box's portal (/puzzle-portal/:slug), or without a slug the first one opened. */
  portal: (slug?: string) =>
    queryOptions({
      queryKey: puzzleKeys.portal(slug),
      queryFn: ({ signal }) =>
        load(portalContract.state, { query: slug ? { product: slug } : {}, signal, headers: passHeaders() }),
      select: (r) => r.data,
      retry,
    }),
}

export const puzzleMutations = {
  validateAnswer: () => ({
    mutationFn: (body: ValidateAnswerBody) =>
      load(puzzlesContract.validateAnswer, { body, headers: passHeaders() }),
  }),
  unlock: () => ({
    mutationFn: (code: string) => load(portalContract.unlock, { body: { code } }).then((r) => r.data),
  }),
  merge: () => ({
    mutationFn: () => load(portalContract.merge, { body: mergePayload() }).then((r) => r.data),
  }),
  revealHint: () => ({
    mutationFn: (fragmentId: string) =>
      load(portalContract.revealHint, { body: { fragmentId } }).then((r) => r.data.hintsRevealed),
  }),
  resetPortal: () => ({
    mutationFn: () => load(portalContract.reset, {}),
  }),
}
