import { zodResolver } from '@hookform/resolvers/zod'
import {
  type EditableResource,
  type EditorOptions,
  EditorSlugSchema,
  GALLERY_CHOICES,
  type GalleryKey,
  ResourceInputSchema,
  slugify,
  withGalleryPrefix,
} from '@lamplight/contracts'
import { ApiError, apiErrorMessage, PageMeta } from '@lamplight/session'
import {
  Badge,
  Button,
  ErrorState,
  Field,
  Form,
  Input,
  LoadingState,
  NotFoundState,
  PageContainer,
  Textarea,
  toast,
} from '@lamplight/ui'
import { ArrowLeftIcon, CircleCheckIcon, CircleXIcon, ExternalLinkIcon } from '@lamplight/ui/icons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect, useId, useState } from 'react'
import { Controller, useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import {
  editableResourceQuery,
  editorKeys,
  editorOptionsQuery,
  saveResource,
  slugAvailableQuery,
} from '../api/editor'
import { resourceKeys } from '../api/resources'
import { FilesPanel, ThumbnailPanel } from './files-panel'
import { LeaveGuard } from './leave-guard'
import { TagsInput } from './tags-input'

type FormIn = z.input<typeof ResourceInputSchema>
type FormOut = z.output<typeof ResourceInputSchema>

export const BACK_TO_RESOURCES = '/admin?tab=resources'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const blank: FormIn = {
  title: '',
  slug: '',
  description: '',
  category_id: '',
  age_range: '',
  scripture_ref: '',
  tags: [],
  is_featured: false,
  published: false,
  gallery: null,
}

const toForm = (r: EditableResource): FormIn => ({
  title: r.title,
  slug: r.slug,
  description: r.description,
  category_id: r.category_id,
  age_range: r.age_range ?? '',
  scripture_ref: r.scripture_ref ?? '',
  tags: r.tags,
  is_featured: r.is_featured,
  published: r.published,
  gallery: r.gallery,
})

const selectClass =
  'flex h-10 w-full rounded-md border border-input bg-card px-3 py-1 text-base pointer-coarse:h-11 text-foreground shadow-xs md:text-sm focus-visible:border-ring focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-1 aria-invalid:border-destructive'

/**
 * `/admin/resources/new` and `/admin/resources/:id/edit` (issue 13), mounted by the admin
 * console. Without an id it creates; Save keeps a draft, Publish makes it public, and the
 * editor stays on the edit screen.
 */
export function ResourceEditor({ resourceId }: { resourceId?: string }) {
  return (
    <>
      <PageMeta title={resourceId ? 'Edit Resource' : 'New Resource'} />
      <EditorScreen resourceId={resourceId} />
    </>
  )
}

function EditorScreen({ resourceId }: { resourceId?: string }) {
  // An address that cannot name a resource is not found without asking the API.
  const wellFormed = !resourceId || UUID.test(resourceId)
  const options = useQuery(editorOptionsQuery())
  const resource = useQuery({
    ...editableResourceQuery(resourceId ?? ''),
    enabled: Boolean(resourceId) && wellFormed,
  })

  if (resourceId && (!wellFormed || resource.isError)) {
    const error = resource.error
    if (!wellFormed || (error instanceof ApiError && (error.status === 404 || error.status === 400)))
      return (
        <PageContainer>
          <NotFoundState
            title="Resource Not Found"
            message="There is no resource at this address. It may have been deleted."
            action={
              <Button asChild>
                <Link to={BACK_TO_RESOURCES}>Back to Resources</Link>
              </Button>
            }
          />
        </PageContainer>
      )
    return (
      <PageContainer>
        <ErrorState
          title="We could not load this resource"
          onRetry={() => resource.refetch()}
          retrying={resource.isFetching}
        />
      </PageContainer>
    )
  }
  if (options.isError)
    return (
      <PageContainer>
        <ErrorState
          title="We could not load the editor"
          onRetry={() => options.refetch()}
          retrying={options.isFetching}
        />
      </PageContainer>
    )
  if (options.isPending || (resourceId && resource.isPending))
    return (
      <PageContainer>
        <LoadingState label="Loading the editor…" />
      </PageContainer>
    )
  return (
    <EditorForm
      key={resourceId ?? 'new'}
      options={options.data}
      resource={resourceId ? (resource.data ?? null) : null}
    />
  )
}

function EditorForm({ options, resource }: { options: EditorOptions; resource: EditableResource | null }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [slugTouched, setSlugTouched] = useState(Boolean(resource))
  const ids = { age: useId(), tags: useId(), desc: useId() }
  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ResourceInputSchema),
    defaultValues: resource ? toForm(resource) : blank,
    mode: 'onTouched',
  })
  const {
    register,
    handleSubmit,
    setValue,
    setError,
    reset,
    control,
    formState: { errors, isDirty, isSubmitting },
  } = form
  const [slug, gallery] = useWatch({ control, name: ['slug', 'gallery'] })
  const published = resource?.published ?? false

  const setResource = (updated: EditableResource) => {
    queryClient.setQueryData(editorKeys.resource(updated.id), updated)
    void queryClient.invalidateQueries({ queryKey: ['admin', 'resources'] })
    void queryClient.invalidateQueries({ queryKey: resourceKeys.all })
  }

  const save = useMutation({
    mutationFn: saveResource,
    onSuccess: (saved, { id }) => {
      setResource(saved)
      void queryClient.invalidateQueries({ queryKey: editorKeys.options() })
      reset(toForm(saved))
      toast.success(
        saved.published
          ? id && published
            ? 'Changes saved and live'
            : 'Resource published'
          : id && published
            ? 'Resource unpublished: it is a draft again'
            : 'Draft saved',
      )
      if (!id) navigate(`/admin/resources/${saved.id}/edit`, { replace: true })
    },
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409) {
        setError('slug', { message: apiErrorMessage(error, 'That slug is taken.') }, { shouldFocus: true })
        return
      }
      if (error instanceof ApiError && error.issues.length) {
        for (const issue of error.issues)
          setError(String(issue.path).split('.')[0] as keyof FormIn, { message: issue.message })
      }
      toast.error(apiErrorMessage(error, 'The resource could not be saved'))
    },
  })

  const submit = (publish: boolean) =>
    handleSubmit(async (values) => {
      // A refusal is shown by onError (toast, field errors); nothing to rethrow.
      await save.mutateAsync({ id: resource?.id, input: { ...values, published: publish } }).catch(() => {})
    })

  const onTitle = (title: string) => {
    if (slugTouched) return
    // Once the form has shown errors, the slug made from the title is checked again too.
    setValue('slug', withGalleryPrefix(slugify(title), gallery ?? null), {
      shouldDirty: true,
      shouldValidate: form.getFieldState('slug').invalid || form.formState.isSubmitted,
    })
  }
  const onGallery = (next: GalleryKey | null) => {
    setValue('slug', withGalleryPrefix(slug ?? '', next), {
      shouldDirty: true,
      shouldValidate: Boolean(slug),
    })
  }

  const busy = isSubmitting || save.isPending
  const live = published && resource && !resource.gallery ? `/resources/item/${resource.slug}` : null

  return (
    <PageContainer className="max-w-5xl">
      <LeaveGuard when={isDirty && !busy} />
      <Link
        to={BACK_TO_RESOURCES}
        className="mb-4 inline-flex min-h-8 items-center gap-1 text-sm text-primary underline-offset-4 hover:underline pointer-coarse:min-h-11"
      >
        <ArrowLeftIcon aria-hidden className="size-4" />
        Resources
      </Link>
      <header className="mb-8 flex flex-wrap items-center gap-3">
        <h1 className="font-serif text-3xl text-foreground sm:text-4xl">
          {resource ? 'Edit Resource' : 'New Resource'}
        </h1>
        {resource && (
          <Badge variant={published ? 'default' : 'secondary'}>{published ? 'Published' : 'Draft'}</Badge>
        )}
        {live && (
          <Link
            to={live}
            className="inline-flex items-center gap-1 text-sm text-primary underline-offset-4 hover:underline"
          >
            View on the site
            <ExternalLinkIcon aria-hidden className="size-4" />
          </Link>
        )}
      </header>

      <div className="grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <Form
          aria-label={resource ? 'Edit resource' : 'New resource'}
          className="grid gap-6"
          onSubmit={submit(published)}
        >
          <Field label="Title" error={errors.title?.message}>
            {(c) => (
              <Input
                {...c}
                {...register('title', { onChange: (e) => onTitle(e.target.value) })}
                autoComplete="off"
              />
            )}
          </Field>

          <Field
            label="Gallery"
            hint="A colouring gallery page is listed only in its gallery, not in the library."
            error={errors.gallery?.message}
          >
            {(c) => (
              <select
                {...c}
                className={selectClass}
                {...register('gallery', {
                  setValueAs: (v) => (v ? v : null),
                  onChange: (e) => onGallery((e.target.value || null) as GalleryKey | null),
                })}
              >
                <option value="">None: a resource in the library</option>
                {GALLERY_CHOICES.map((g) => (
                  <option key={g.key} value={g.key}>
                    {g.label} gallery
                  </option>
                ))}
              </select>
            )}
          </Field>

          <Field
            label="Slug"
            error={errors.slug?.message}
            hint={<SlugStatus slug={slug} excludeId={resource?.id} />}
          >
            {(c) => (
              <Input
                {...c}
                {...register('slug', { onChange: () => setSlugTouched(true) })}
                autoComplete="off"
                spellCheck={false}
              />
            )}
          </Field>

          <Field label="Description" error={errors.description?.message}>
            {(c) => <Textarea {...c} rows={5} {...register('description')} />}
          </Field>

          <div className="grid gap-6 sm:grid-cols-2">
            <Field label="Category" error={errors.category_id?.message}>
              {(c) => (
                <select {...c} className={selectClass} {...register('category_id')}>
                  <option value="">Choose a category</option>
                  {options.categories.map((cat) => (
                    <option key={cat.id} value={cat.id}>
                      {cat.name}
                    </option>
                  ))}
                </select>
              )}
            </Field>
            <Field
              label="Age range"
              hint="Pick one in use or type a new one, e.g. 6-10"
              error={errors.age_range?.message}
            >
              {(c) => (
                <>
                  <Input {...c} list={ids.age} {...register('age_range')} autoComplete="off" />
                  <datalist id={ids.age}>
                    {options.age_ranges.map((a) => (
                      <option key={a} value={a} />
                    ))}
                  </datalist>
                </>
              )}
            </Field>
          </div>

          <Field
            label="Scripture reference"
            hint="e.g. Ephesians 6:10-18"
            error={errors.scripture_ref?.message}
          >
            {(c) => <Input {...c} {...register('scripture_ref')} autoComplete="off" />}
          </Field>

          <Field label="Tags" error={errors.tags?.message ?? errors.tags?.[0]?.message}>
            {(c) => (
              <Controller
                control={control}
                name="tags"
                render={({ field }) => (
                  <TagsInput
                    id={c.id}
                    invalid={c['aria-invalid']}
                    describedBy={c['aria-describedby']}
                    value={field.value}
                    onChange={field.onChange}
                    suggestions={options.tags}
                  />
                )}
              />
            )}
          </Field>

          <label className="flex items-center gap-3 text-foreground pointer-coarse:min-h-11">
            <input type="checkbox" className="size-4 accent-primary" {...register('is_featured')} />
            Featured on the library's front page
          </label>

          <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
            {published ? (
              <>
                <Button type="submit" disabled={busy} aria-busy={busy || undefined}>
                  {busy ? 'Saving…' : 'Save changes'}
                </Button>
                <Button type="button" variant="outline" disabled={busy} onClick={submit(false)}>
                  Unpublish
                </Button>
              </>
            ) : (
              <>
                <Button type="button" variant="outline" disabled={busy} onClick={submit(false)}>
                  {busy ? 'Saving…' : 'Save draft'}
                </Button>
                <Button type="button" disabled={busy} onClick={submit(true)}>
                  Publish
                </Button>
              </>
            )}
            <p className="text-sm text-muted-foreground">
              {published ? 'Published: visible in the library.' : 'Draft: only editors can see it.'}
            </p>
          </div>
        </Form>

        <aside className="grid content-start gap-10">
          {resource ? (
            <>
              <ThumbnailPanel resource={resource} onChange={setResource} />
              <FilesPanel resource={resource} onChange={setResource} />
            </>
          ) : (
            <section className="grid gap-2 rounded-xl border border-dashed border-border bg-card/60 p-6">
              <h2 className="font-serif text-xl text-foreground">Files</h2>
              <p className="text-sm text-muted-foreground">
                Save the draft first, then add its PDFs and images here.
              </p>
            </section>
          )}
        </aside>
      </div>
    </PageContainer>
  )
}

/** "Checking…", "Available" or "Already used", as the slug is typed (debounced). */
function SlugStatus({ slug, excludeId }: { slug: string | undefined; excludeId?: string }) {
  const [settled, setSettled] = useState(slug ?? '')
  useEffect(() => {
    const timer = setTimeout(() => setSettled(slug ?? ''), 350)
    return () => clearTimeout(timer)
  }, [slug])
  const valid = EditorSlugSchema.safeParse(settled).success
  const check = useQuery({ ...slugAvailableQuery(settled, excludeId), enabled: valid })
  const text =
    !valid || settled !== slug
      ? 'Lower-case words joined by hyphens; made from the title until you change it.'
      : check.isPending
        ? 'Checking…'
        : check.data?.available
          ? null
          : check.data
            ? 'taken'
            : 'Could not check the slug just now.'
  return (
    <span aria-live="polite" className="inline-flex items-center gap-1">
      {text === null ? (
        <>
          <CircleCheckIcon aria-hidden className="size-4 text-primary" />
          <span>Available</span>
        </>
      ) : text === 'taken' ? (
        <>
          <CircleXIcon aria-hidden className="size-4 text-destructive" />
          <span className="text-destructive">Already used by another resource</span>
        </>
      ) : (
        text
      )}
    </span>
  )
}
