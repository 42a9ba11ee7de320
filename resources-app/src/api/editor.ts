import {
  buildPath,
  type EditableResource,
  type ResourceInput,
  resourceEditorContract,
  UPLOAD_FILENAME_HEADER,
} from '@lamplight/contracts'
import { ApiError, apiBase, request } from '@lamplight/session'
import { queryOptions } from '@tanstack/react-query'

/**
 * The resource editor's data (issue 13): key factories and queryOptions, as the library's
 * own `resources.ts`. Uploads go through XMLHttpRequest, the one browser API that reports
 * upload progress.
 */
export const editorKeys = {
  all: ['resource-editor'] as const,
  options: () => ['resource-editor', 'options'] as const,
  resource: (id: string) => ['resource-editor', 'resource', id] as const,
  slug: (slug: string, excludeId?: string) => ['resource-editor', 'slug', slug, excludeId ?? ''] as const,
}

const retry = (failures: number, error: unknown) =>
  failures < 1 && !(error instanceof ApiError && error.status < 500)

export const editorOptionsQuery = () =>
  queryOptions({
    queryKey: editorKeys.options(),
    queryFn: ({ signal }) => request(resourceEditorContract.options, { signal }),
    staleTime: 60_000,
    retry,
  })

export const editableResourceQuery = (id: string) =>
  queryOptions({
    queryKey: editorKeys.resource(id),
    queryFn: async ({ signal }) =>
      (await request(resourceEditorContract.get, { params: { id }, signal })).data as EditableResource,
    retry,
  })

export const slugAvailableQuery = (slug: string, excludeId?: string) =>
  queryOptions({
    queryKey: editorKeys.slug(slug, excludeId),
    queryFn: ({ signal }) =>
      request(resourceEditorContract.slugAvailable, { query: { slug, exclude_id: excludeId }, signal }),
    staleTime: 5_000,
    retry: false,
  })

export const saveResource = async ({ id, input }: { id?: string; input: ResourceInput }) =>
  (id
    ? await request(resourceEditorContract.update, { params: { id }, body: input })
    : await request(resourceEditorContract.create, { body: input })
  ).data as EditableResource

export const removeFile = async ({ id, fileId }: { id: string; fileId: string }) =>
  (await request(resourceEditorContract.removeFile, { params: { id, fileId } })).data as EditableResource

export const reorderFiles = async ({ id, fileIds }: { id: string; fileIds: string[] }) =>
  (await request(resourceEditorContract.reorderFiles, { params: { id }, body: { file_ids: fileIds } }))
    .data as EditableResource

export type UploadHandle = { promise: Promise<EditableResource>; abort: () => void }

/**
 * Sends one file as the request body, reporting progress (0 to 1) as the bytes leave.
 * `target` is the file list or the thumbnail.
 */
export function uploadFile(
  resourceId: string,
  file: File,
  onProgress: (fraction: number) => void,
  target: 'files' | 'thumbnail' = 'files',
): UploadHandle {
  const xhr = new XMLHttpRequest()
  const endpoint =
    target === 'files' ? resourceEditorContract.uploadFile : resourceEditorContract.uploadThumbnail
  const promise = new Promise<EditableResource>((resolve, reject) => {
    xhr.open(endpoint.method, `${apiBase()}/api${buildPath(endpoint.path, { id: resourceId })}`)
    xhr.withCredentials = true
    xhr.setRequestHeader('Content-Type', 'application/octet-stream')
    xhr.setRequestHeader('Accept', 'application/json')
    xhr.setRequestHeader(UPLOAD_FILENAME_HEADER, encodeURIComponent(file.name))
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total)
    }
    xhr.onload = () => {
      let body: unknown = null
      try {
        body = JSON.parse(xhr.responseText)
      } catch {
        body = null
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1)
        resolve((body as { data: EditableResource }).data)
        return
      }
      const error = (body as { error?: { code?: string; message?: string } } | null)?.error
      reject(
        new ApiError(
          xhr.status,
          error?.code ?? 'http_error',
          error?.message ?? `The upload failed (status ${xhr.status}).`,
        ),
      )
    }
    xhr.onerror = () => reject(new ApiError(0, 'network', 'The upload was interrupted. Please try again.'))
    xhr.onabort = () => reject(new ApiError(0, 'aborted', 'The upload was cancelled.'))
    xhr.send(file)
  })
  return { promise, abort: () => xhr.abort() }
}
