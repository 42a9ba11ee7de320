import type { EditableProduct, ProductImage } from '@lamplight/contracts'
import { apiErrorMessage } from '@lamplight/session'
import { Button, Field, Input, Spinner, toast } from '@lamplight/ui'
import { ArrowDownIcon, ArrowUpIcon, TrashIcon } from '@lamplight/ui/icons'
import { useMutation } from '@tanstack/react-query'
import { useEffect, useId, useRef, useState } from 'react'
import { pictureSrc, removeImageMutation, updateImagesMutation, uploadImage } from '../../api/products'
import { fieldErrorsOf, useFieldErrors } from '../../lib/use-field-errors'

type Pending = {
  key: string
  file: File
  preview: string
  alt: string
  busy: boolean
  errors: Record<string, string>
}

let nextKey = 0

/**
 * A product's pictures: chosen several at once, each described (alt text is required: the
 * API refuses a picture without it, before reading a byte), uploaded, then put in order (the
 * first is the card's) and described again, or removed. The server turns each into a WebP.
 */
export function PicturesPanel({
  product,
  onChange,
}: {
  product: EditableProduct
  onChange: (product: EditableProduct) => void
}) {
  const inputId = useId()
  const [pending, setPending] = useState<Pending[]>([])
  const [order, setOrder] = useState<ProductImage[]>(product.images)
  const { errors, fail, clear } = useFieldErrors()
  // What the server holds changed (an upload, a removal, a save): start from it, keeping the
  // alt text being typed for pictures still there.
  useEffect(() => {
    setOrder((current) => {
      const typed = new Map(current.map((i) => [i.id, i.alt]))
      const kept = current.filter((i) => product.images.some((p) => p.id === i.id))
      const added = product.images.filter((p) => !typed.has(p.id))
      return [...kept, ...added].map((i) => ({
        ...(product.images.find((p) => p.id === i.id) ?? i),
        alt: typed.get(i.id) ?? i.alt,
      }))
    })
  }, [product.images])
  // Previews still waiting when the page closes are let go then (each is revoked as it leaves the list).
  const waiting = useRef(pending)
  waiting.current = pending
  useEffect(
    () => () => {
      for (const p of waiting.current) URL.revokeObjectURL(p.preview)
    },
    [],
  )

  const changed =
    order.length !== product.images.length ||
    order.some((image, i) => image.id !== product.images[i]?.id || image.alt !== product.images[i]?.alt)

  const save = useMutation({
    ...updateImagesMutation(product.id),
    onSuccess: (updated) => {
      clear()
      setOrder(updated.images)
      onChange(updated)
      toast.success('Pictures saved')
    },
    onError: (error) => fail(error, 'The pictures were not saved'),
  })
  const remove = useMutation({
    ...removeImageMutation(product.id),
    onSuccess: (updated) => {
      onChange(updated)
      toast.success('Picture removed')
    },
    onError: (error) => fail(error, 'The picture was not removed'),
  })

  const patch = (key: string, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)))

  const choose = (list: FileList | null) => {
    // Copied now: the field is emptied right after (to take the same file again), and its
    // FileList empties with it before the state update below runs.
    const files = Array.from(list ?? [])
    if (!files.length) return
    setPending((current) => [
      ...current,
      ...files.map((file) => ({
        key: `picture-${nextKey++}`,
        file,
        preview: URL.createObjectURL(file),
        alt: '',
        busy: false,
        errors: {},
      })),
    ])
  }

  // One at a time, in the order chosen, so they arrive in that order.
  const uploadAll = async () => {
    for (const item of pending) {
      patch(item.key, { busy: true, errors: {} })
      try {
        const updated = await uploadImage({ id: product.id, file: item.file, alt: item.alt })
        URL.revokeObjectURL(item.preview)
        setPending((list) => list.filter((p) => p.key !== item.key))
        onChange(updated)
      } catch (error) {
        const fields = fieldErrorsOf(error) ?? {
          file: apiErrorMessage(error, 'The upload failed. Please try again.'),
        }
        patch(item.key, { busy: false, errors: fields })
      }
    }
  }
  const uploading = pending.some((p) => p.busy)

  const move = (index: number, by: -1 | 1) =>
    setOrder((list) => {
      const next = [...list]
      const [image] = next.splice(index, 1)
      if (image) next.splice(index + by, 0, image)
      return next
    })

  return (
    <section
      aria-labelledby="pictures-title"
      className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6"
    >
      <div>
        <h2 id="pictures-title" className="font-serif text-2xl text-foreground">
          Pictures
        </h2>
        <p className="mt-1 text-muted-foreground text-sm">
          PNG, JPEG or WebP. The first picture is the one on the product's card. Describe each one for people
          who cannot see it.
        </p>
      </div>

      {order.length === 0 ? (
        <p className="text-muted-foreground">No pictures yet.</p>
      ) : (
        <ol className="grid gap-3" aria-label="Pictures in order">
          {order.map((image, index) => (
            <li
              key={image.id}
              className="grid grid-cols-[auto_minmax(0,1fr)] gap-3 rounded-lg border border-border p-3"
            >
              <img
                src={pictureSrc(image.url, 240)}
                alt=""
                width={96}
                height={72}
                className="h-18 w-24 rounded-md border border-border bg-muted object-cover"
              />
              <Field label={`Alt text of picture ${index + 1}`} error={errors[`images.${index}.alt`]}>
                {(c) => (
                  <Input
                    {...c}
                    value={image.alt}
                    maxLength={300}
                    onChange={(e) =>
                      setOrder((list) =>
                        list.map((i) => (i.id === image.id ? { ...i, alt: e.target.value } : i)),
                      )
                    }
                  />
                )}
              </Field>
              <div className="col-span-2 flex flex-wrap gap-2">
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                  aria-label={`Move picture ${index + 1} up`}
                >
                  <ArrowUpIcon aria-hidden className="size-4" />
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={index === order.length - 1}
                  onClick={() => move(index, 1)}
                  aria-label={`Move picture ${index + 1} down`}
                >
                  <ArrowDownIcon aria-hidden className="size-4" />
                </Button>
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(image.id)}
                  aria-label={`Remove picture ${index + 1}`}
                >
                  <TrashIcon aria-hidden className="size-4" />
                  Remove
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
      {order.length > 0 && (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            type="button"
            variant="outline"
            disabled={!changed || save.isPending}
            onClick={() => save.mutate(order.map(({ id, alt }) => ({ id, alt })))}
          >
            {save.isPending && <Spinner size="sm" label="Saving" />}
            Save order and alt text
          </Button>
          {changed && <p className="text-muted-foreground text-sm">Unsaved changes to the pictures.</p>}
        </div>
      )}

      <div className="grid gap-2 border-border border-t pt-4">
        <label htmlFor={inputId} className="font-medium text-sm">
          Add pictures
        </label>
        <input
          id={inputId}
          type="file"
          multiple
          accept="image/png,image/jpeg,image/webp"
          className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-2 file:font-medium file:text-foreground pointer-coarse:file:py-3"
          onChange={(e) => {
            choose(e.target.files)
            e.target.value = ''
          }}
        />
      </div>
      {pending.length > 0 && (
        <>
          <ul className="grid gap-3" aria-label="Pictures to upload">
            {pending.map((item) => (
              <li
                key={item.key}
                className="grid grid-cols-[auto_minmax(0,1fr)] gap-3 rounded-lg border border-dashed border-border p-3"
              >
                <img
                  src={item.preview}
                  alt=""
                  className="h-18 w-24 rounded-md border border-border bg-muted object-cover"
                />
                <div className="grid min-w-0 gap-2">
                  <p className="truncate text-sm">{item.file.name}</p>
                  {item.errors.file && (
                    <p role="alert" className="font-medium text-destructive text-sm">
                      {item.errors.file}
                    </p>
                  )}
                  <Field label={`Alt text for ${item.file.name}`} error={item.errors.alt}>
                    {(c) => (
                      <Input
                        {...c}
                        value={item.alt}
                        maxLength={300}
                        disabled={item.busy}
                        placeholder="What the picture shows"
                        onChange={(e) => patch(item.key, { alt: e.target.value })}
                      />
                    )}
                  </Field>
                  <div>
                    <Button
                      type="button"
                      size="sm"
                      variant="ghost"
                      disabled={item.busy}
                      onClick={() => {
                        URL.revokeObjectURL(item.preview)
                        setPending((list) => list.filter((p) => p.key !== item.key))
                      }}
                    >
                      Don't upload {item.busy && <Spinner size="sm" label="Uploading" />}
                    </Button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
          <div>
            <Button type="button" onClick={uploadAll} disabled={uploading}>
              {uploading && <Spinner size="sm" label="Uploading" />}
              Upload {pending.length === 1 ? 'picture' : `${pending.length} pictures`}
            </Button>
          </div>
        </>
      )}
    </section>
  )
}
