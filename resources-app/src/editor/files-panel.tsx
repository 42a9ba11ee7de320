import { type EditableResource, type EditorFile, formatFileSize, UPLOAD_ACCEPT } from '@lamplight/contracts'
import { apiBase, apiErrorMessage } from '@lamplight/session'
import { Button, cn, Progress, toast } from '@lamplight/ui'
import { ArrowDownIcon, ArrowUpIcon, ImageUpIcon, TrashIcon, UploadIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { type DragEvent, useId, useRef, useState } from 'react'
import { removeFile, reorderFiles, uploadFile } from '../api/editor'
import { FileKindIcon } from '../components/file-icon'
import { fileKind } from '../lib/file-kind'
import { pagesLabel } from '../lib/labels'

type PendingUpload = {
  key: string
  name: string
  size: number
  progress: number
  status: 'waiting' | 'uploading' | 'failed'
  error?: string
}

const describe = (file: EditorFile) => {
  const kind =
    file.mime_type === 'application/pdf' ? 'PDF' : file.mime_type.replace('image/', '').toUpperCase()
  const detail =
    file.pages !== null
      ? pagesLabel(file.pages)
      : file.width && file.height
        ? `${file.width} × ${file.height} px`
        : null
  return [kind, detail, formatFileSize(file.size_bytes)].filter(Boolean).join(' · ')
}

/**
 * A resource's files: pick or drop several at once, each uploading with its own progress
 * bar (one after another), then remove or move them. The server checks every file; its
 * refusal is shown beside the file's name.
 */
export function FilesPanel({
  resource,
  onChange,
}: {
  resource: EditableResource
  onChange: (resource: EditableResource) => void
}) {
  const [uploads, setUploads] = useState<PendingUpload[]>([])
  const [dragging, setDragging] = useState(false)
  const input = useRef<HTMLInputElement>(null)
  const queue = useRef(Promise.resolve())
  const hintId = useId()

  const patch = (key: string, change: Partial<PendingUpload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)))

  const add = (files: FileList | File[]) => {
    const list = [...files]
    if (!list.length) return
    const entries = list.map((file, i) => ({
      file,
      upload: {
        key: `${Date.now()}-${i}-${file.name}`,
        name: file.name,
        size: file.size,
        progress: 0,
        status: 'waiting' as const,
      },
    }))
    setUploads((current) => [...current, ...entries.map((e) => e.upload)])
    for (const { file, upload } of entries) {
      queue.current = queue.current.then(async () => {
        patch(upload.key, { status: 'uploading' })
        try {
          const updated = await uploadFile(resource.id, file, (progress) => patch(upload.key, { progress }))
            .promise
          onChange(updated)
          setUploads((current) => current.filter((u) => u.key !== upload.key))
          toast.success(`Uploaded ${file.name}`)
        } catch (error) {
          patch(upload.key, {
            status: 'failed',
            error: apiErrorMessage(error, 'The upload failed.'),
          })
        }
      })
    }
  }

  const remove = useMutation({
    mutationFn: removeFile,
    onSuccess: (updated, { fileId }) => {
      const name = resource.files.find((f) => f.id === fileId)?.filename ?? 'the file'
      onChange(updated)
      toast.success(`Removed ${name}`)
    },
    onError: (error) => toast.error(apiErrorMessage(error, 'Could not remove the file')),
  })
  const reorder = useMutation({
    mutationFn: reorderFiles,
    onSuccess: (updated) => onChange(updated),
    onError: (error) => toast.error(apiErrorMessage(error, 'Could not move the file')),
  })

  const move = (index: number, by: -1 | 1) => {
    const ids = resource.files.map((f) => f.id)
    const [moved] = ids.splice(index, 1)
    ids.splice(index + by, 0, moved!)
    reorder.mutate({ id: resource.id, fileIds: ids })
  }

  const onDrop = (event: DragEvent) => {
    event.preventDefault()
    setDragging(false)
    add(event.dataTransfer.files)
  }

  return (
    <section aria-labelledby="files-heading" className="grid gap-4">
      <h2 id="files-heading" className="font-serif text-xl text-foreground">
        Files
      </h2>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for the mouse; the button inside is the keyboard's way */}
      <div
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="file-drop"
        className={cn(
          'flex flex-col items-center gap-3 rounded-xl border-2 border-dashed border-border bg-card/60 px-4 py-8 text-center',
          dragging && 'border-primary bg-accent',
        )}
      >
        <UploadIcon aria-hidden className="size-8 text-gold-deep" />
        <p className="text-foreground">Drop files here, or</p>
        <Button
          type="button"
          variant="outline"
          onClick={() => input.current?.click()}
          aria-describedby={hintId}
        >
          Choose files
        </Button>
        <p id={hintId} className="text-sm text-muted-foreground">
          PDF, PNG, JPEG or WebP, up to 25 MB each. Several at once is fine.
        </p>
        <input
          ref={input}
          type="file"
          multiple
          accept={UPLOAD_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose files to upload"
          onChange={(e) => {
            if (e.target.files) add(e.target.files)
            e.target.value = ''
          }}
        />
      </div>

      {uploads.length > 0 && (
        <ul className="grid gap-2" aria-label="Uploads">
          {uploads.map((u) => (
            <li key={u.key} className="grid gap-1.5 rounded-lg border border-border bg-card p-3">
              <div className="flex items-center justify-between gap-3 text-sm">
                <span className="min-w-0 truncate font-medium">{u.name}</span>
                <span className="shrink-0 text-muted-foreground">
                  {u.status === 'waiting'
                    ? 'Waiting…'
                    : u.status === 'uploading'
                      ? `${Math.round(u.progress * 100)}%`
                      : 'Not uploaded'}
                </span>
              </div>
              {u.status !== 'failed' ? (
                <Progress value={Math.round(u.progress * 100)} aria-label={`Uploading ${u.name}`} />
              ) : (
                <div className="flex items-center justify-between gap-3">
                  <p role="alert" className="text-sm text-destructive">
                    {u.error}
                  </p>
                  <Button
                    type="button"
                    size="sm"
                    variant="ghost"
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    Dismiss
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}

      {resource.files.length === 0 ? (
        <p className="text-sm text-muted-foreground">No files yet.</p>
      ) : (
        <ol className="grid gap-2" aria-label="Files in download order">
          {resource.files.map((file, i) => (
            <li
              key={file.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-border bg-card p-3"
            >
              <FileKindIcon kind={fileKind(file.mime_type, file.filename)} />
              {/* The buttons move under the name when the column is narrow, so the name is never cut short. */}
              <div className="grid min-w-0 flex-1 basis-40">
                <span className="break-words font-medium">{file.filename}</span>
                <span className="text-sm text-muted-foreground">{describe(file)}</span>
              </div>
              <div className="ml-auto flex shrink-0 gap-1">
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${file.filename} up`}
                  disabled={i === 0 || reorder.isPending}
                  onClick={() => move(i, -1)}
                >
                  <ArrowUpIcon aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  aria-label={`Move ${file.filename} down`}
                  disabled={i === resource.files.length - 1 || reorder.isPending}
                  onClick={() => move(i, 1)}
                >
                  <ArrowDownIcon aria-hidden />
                </Button>
                <Button
                  type="button"
                  size="icon"
                  variant="ghost"
                  className="text-destructive"
                  aria-label={`Remove ${file.filename}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate({ id: resource.id, fileId: file.id })}
                >
                  <TrashIcon aria-hidden />
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/**
 * The thumbnail: made on the server from the first image added, or from an image the
 * editor uploads here (a PDF's first page is not rendered: decision 017).
 */
export function ThumbnailPanel({
  resource,
  onChange,
}: {
  resource: EditableResource
  onChange: (resource: EditableResource) => void
}) {
  const input = useRef<HTMLInputElement>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [error, setError] = useState<string | null>(null)

  const upload = async (file: File) => {
    setError(null)
    setProgress(0)
    try {
      onChange(await uploadFile(resource.id, file, setProgress, 'thumbnail').promise)
      toast.success('Thumbnail replaced')
    } catch (e) {
      setError(apiErrorMessage(e, 'The upload failed.'))
    } finally {
      setProgress(null)
    }
  }

  return (
    <section aria-labelledby="thumb-heading" className="grid gap-3">
      <h2 id="thumb-heading" className="font-serif text-xl text-foreground">
        Thumbnail
      </h2>
      <div className="flex aspect-[3/4] w-full max-w-44 items-center justify-center overflow-hidden rounded-lg border border-border bg-muted">
        {resource.thumb_url ? (
          <img
            src={`${apiBase()}${resource.thumb_url}`}
            alt="Current thumbnail"
            className="size-full object-contain"
          />
        ) : (
          <p className="px-4 text-center text-sm text-muted-foreground">No thumbnail yet</p>
        )}
      </div>
      <p className="text-sm text-muted-foreground">
        The first image you add becomes the thumbnail. For a PDF, upload a picture of its first page here.
      </p>
      {progress !== null && (
        <Progress value={Math.round(progress * 100)} aria-label="Uploading the thumbnail" />
      )}
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div>
        <Button
          type="button"
          variant="outline"
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          <ImageUpIcon aria-hidden />
          {resource.thumb_url ? 'Replace thumbnail' : 'Upload thumbnail'}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp"
          className="sr-only"
          tabIndex={-1}
          aria-label="Choose a thumbnail image"
          onChange={(e) => {
            const file = e.target.files?.[0]
            if (file) void upload(file)
            e.target.value = ''
          }}
        />
      </div>
    </section>
  )
}
