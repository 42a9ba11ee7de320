import { puzzleAuthoringContract as contract, type FragmentInput, type StepInput } from '@lamplight/contracts'
import { request } from '@lamplight/session'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { retryOnce } from './load'

/** Authoring a box's puzzle, portal and codes (issue 36): keys, queries and mutations. */
export const puzzleKeys = {
  all: ['admin', 'puzzles'] as const,
  products: () => ['admin', 'puzzles', 'products'] as const,
  product: (id: string) => ['admin', 'puzzles', id] as const,
  codes: (id: string, page: number) => ['admin', 'puzzles', id, 'codes', page] as const,
  progress: (id: string) => ['admin', 'puzzles', id, 'progress'] as const,
}

export const puzzleProductsQuery = () =>
  queryOptions({
    queryKey: puzzleKeys.products(),
    queryFn: ({ signal }) => request(contract.products, { signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const authoredPuzzleQuery = (productId: string) =>
  queryOptions({
    queryKey: puzzleKeys.product(productId),
    queryFn: ({ signal }) => request(contract.show, { params: { productId }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const codesQuery = (productId: string, page: number) =>
  queryOptions({
    queryKey: puzzleKeys.codes(productId, page),
    queryFn: ({ signal }) => request(contract.codes, { params: { productId }, query: { page }, signal }),
    placeholderData: keepPreviousData,
    retry: retryOnce,
  })

export const progressQuery = (productId: string) =>
  queryOptions({
    queryKey: puzzleKeys.progress(productId),
    queryFn: ({ signal }) => request(contract.progress, { params: { productId }, signal }),
    select: (r) => r.data,
    retry: retryOnce,
  })

export const saveStepMutation = (productId: string) => ({
  mutationFn: ({ id, values }: { id: string | null; values: StepInput }) =>
    id
      ? request(contract.updateStep, { params: { productId, stepId: id }, body: values })
      : request(contract.createStep, { params: { productId }, body: values }),
})

export const orderStepsMutation = (productId: string) => ({
  mutationFn: (ids: string[]) => request(contract.orderSteps, { params: { productId }, body: { ids } }),
})

export const saveFragmentMutation = (productId: string) => ({
  mutationFn: ({ id, values }: { id: string | null; values: FragmentInput }) =>
    id
      ? request(contract.updateFragment, { params: { productId, fragmentId: id }, body: values })
      : request(contract.createFragment, { params: { productId }, body: values }),
})

export const previewMutation = (productId: string) => ({
  mutationFn: (body: { kind: 'step' | 'fragment' | 'bonus'; id: string; answer: string }) =>
    request(contract.preview, { params: { productId }, body }).then((r) => r.data),
})

export const generateCodesMutation = (productId: string) => ({
  mutationFn: (count: number) =>
    request(contract.generateCodes, { params: { productId }, body: { count } }).then((r) => r.data),
})

export const setCodeActiveMutation = (productId: string) => ({
  mutationFn: ({ codeId, active }: { codeId: string; active: boolean }) =>
    request(contract.setCodeActive, { params: { productId, codeId }, body: { is_active: active } }),
})
