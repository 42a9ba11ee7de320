import {
  type EditableProduct,
  PRODUCT_CATEGORIES,
  PRODUCT_STATUSES,
  type ProductCategory,
  type ProductStatus,
  slugify,
} from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import {
  Button,
  Dialog,
  DialogContent,
  DialogHead,
  ErrorState,
  Field,
  Form,
  Input,
  LoadingState,
  NativeSelect,
  PageContainer,
  PageFrame,
  Spinner,
  Textarea,
  toast,
} from '@lamplight/ui'
import { ExternalLinkIcon } from '@lamplight/ui/icons'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { editableProductQuery, productKeys, saveProductMutation } from '../../api/products'
import { AdminNotFound } from '../../components/admin-page'
import { BackLink } from '../../components/link-button'
import { RequireRole } from '../../components/require-role'
import { useFieldErrors } from '../../lib/use-field-errors'
import { PicturesPanel } from './pictures-panel'
import {
  CATEGORY_LABELS,
  emptyProduct,
  inputOf,
  type ProductFormValues,
  STATUS_LABELS,
  valuesOf,
} from './product-form-values'
import { ProductPreview } from './product-preview'
import { QuantityPricesPanel } from './quantity-prices-panel'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** `/admin/products/new`: a new product, saved before its pictures are added. */
export function NewProductPage() {
  return (
    <RequireRole level="admin">
      <ProductEditor product={null} />
    </RequireRole>
  )
}

/** `/admin/products/:id`: a product of any status, its pictures, preview and puzzle. */
export function EditProductPage() {
  const { id = '' } = useParams()
  return (
    <RequireRole level="admin">
      {UUID.test(id) ? <LoadedEditor key={id} id={id} /> : <NoProduct />}
    </RequireRole>
  )
}

function NoProduct() {
  return (
    <AdminNotFound
      metaTitle="Edit Product"
      title="Product Not Found"
      message="No product has this address. Choose one from the list of products."
      back={{ to: '/admin/products', label: 'All products' }}
    />
  )
}

function LoadedEditor({ id }: { id: string }) {
  const query = useQuery(editableProductQuery(id))
  if (query.isPending)
    return (
      <PageContainer>
        <PageMeta title="Edit Product" />
        <LoadingState label="Loading the product…" />
      </PageContainer>
    )
  if (query.isError) {
    if ((query.error as { status?: number }).status === 404) return <NoProduct />
    return (
      <PageContainer>
        <PageMeta title="Edit Product" />
        <ErrorState
          size="section"
          title="This product could not be loaded."
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
        />
      </PageContainer>
    )
  }
  return <ProductEditor product={query.data} />
}

function ProductEditor({ product }: { product: EditableProduct | null }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [values, setValues] = useState<ProductFormValues>(() =>
    product ? valuesOf(product) : emptyProduct(),
  )
  // A new product's slug follows its name until someone types one.
  const [slugTouched, setSlugTouched] = useState(Boolean(product))
  const [previewOpen, setPreviewOpen] = useState(false)
  const { errors, fail, show } = useFieldErrors()
  const form = useRef<HTMLFormElement>(null)
  // A refused save takes the admin to the first field it names: on a phone it may be a screen above.
  useEffect(() => {
    if (Object.keys(errors).length) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [errors])

  const stored = (updated: EditableProduct) => {
    queryClient.setQueryData(productKeys.product(updated.id), { data: updated })
    void queryClient.invalidateQueries({ queryKey: productKeys.all, exact: false, refetchType: 'none' })
  }
  const save = useMutation({
    ...saveProductMutation(),
    onSuccess: (updated, { input }) => {
      stored(updated)
      if (!product) {
        toast.success('Product created', { description: 'Now add its pictures.' })
        navigate(`/admin/products/${updated.id}`)
        return
      }
      setValues(valuesOf(updated))
      toast.success(
        input.status === 'on_sale' && product.status !== 'on_sale' ? 'Product published' : 'Product saved',
      )
    },
    onError: (error) => fail(error, 'The product was not saved'),
  })

  const submit = (status: ProductStatus = values.status) => {
    const { input, errors: local } = inputOf({ ...values, status })
    // What the browser can tell is not a number is said there; the rest is the API's to judge.
    if (Object.keys(local).length) return show(local)
    save.mutate({ id: product?.id ?? null, input })
  }

  const set =
    <K extends keyof ProductFormValues>(key: K) =>
    (e: { target: { value: string } }) =>
      setValues((v) => ({ ...v, [key]: e.target.value }))

  const title = product ? product.name : 'New Product'
  const live = product && product.status !== 'draft' ? `/experiences/${product.slug}` : null
  const busy = save.isPending

  return (
    <PageFrame eyebrow="Products" title={title}>
      <PageMeta title={product ? `Edit ${product.name}` : 'New Product'} />
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <BackLink to="/admin/products">All products</BackLink>
        {product && (
          <div className="flex flex-wrap gap-2">
            {live ? (
              <Button asChild variant="outline" size="sm">
                <a href={live} target="_blank" rel="noreferrer">
                  View on the site
                  <ExternalLinkIcon aria-hidden className="size-4" />
                  <span className="sr-only">(opens in a new tab)</span>
                </a>
              </Button>
            ) : (
              <Button variant="outline" size="sm" onClick={() => setPreviewOpen(true)}>
                Preview
              </Button>
            )}
            <Button asChild variant="outline" size="sm">
              <Link to={`/admin/puzzles/${product.id}`}>Puzzle and codes</Link>
            </Button>
          </div>
        )}
      </div>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
        <Form
          ref={form}
          aria-label="Product details"
          className="grid gap-6"
          onSubmit={(e) => {
            e.preventDefault()
            submit()
          }}
        >
          <FormSection title="The product">
            <Field label="Name" error={errors.name}>
              {(c) => (
                <Input
                  {...c}
                  value={values.name}
                  maxLength={120}
                  onChange={(e) => {
                    const name = e.target.value
                    setValues((v) => ({ ...v, name, slug: slugTouched ? v.slug : slugify(name) }))
                  }}
                />
              )}
            </Field>
            <Field
              label="Slug"
              hint={`Its address: /experiences/${values.slug || 'your-slug'}`}
              error={errors.slug}
            >
              {(c) => (
                <Input
                  {...c}
                  value={values.slug}
                  maxLength={120}
                  autoComplete="off"
                  onChange={(e) => {
                    setSlugTouched(true)
                    set('slug')(e)
                  }}
                />
              )}
            </Field>
            <Field label="Tagline" hint="One line under the name on its card." error={errors.tagline}>
              {(c) => <Input {...c} value={values.tagline} maxLength={200} onChange={set('tagline')} />}
            </Field>
            <Field label="Description" error={errors.description}>
              {(c) => <Textarea {...c} rows={6} value={values.description} onChange={set('description')} />}
            </Field>
            <Field label="Category" error={errors.category}>
              {(c) => (
                <NativeSelect
                  {...c}
                  className="w-full"
                  value={values.category}
                  onChange={(e) => setValues((v) => ({ ...v, category: e.target.value as ProductCategory }))}
                >
                  {PRODUCT_CATEGORIES.map((category) => (
                    <option key={category} value={category}>
                      {CATEGORY_LABELS[category]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field label="SKU" hint="Optional; unique when given." error={errors.sku}>
              {(c) => (
                <Input {...c} value={values.sku} maxLength={60} autoComplete="off" onChange={set('sku')} />
              )}
            </Field>
          </FormSection>

          <FormSection title="Price">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Price (USD)" hint="In dollars, like 49.99." error={errors.price_cents}>
                {(c) => <Input {...c} inputMode="decimal" value={values.price} onChange={set('price')} />}
              </Field>
              <Field
                label="Compare-at price (USD)"
                hint="The “was” price, shown struck through. Optional."
                error={errors.compare_at_cents}
              >
                {(c) => (
                  <Input {...c} inputMode="decimal" value={values.compare_at} onChange={set('compare_at')} />
                )}
              </Field>
            </div>
            <p className="text-muted-foreground text-sm">
              Orders already placed keep the price they were made at.
            </p>
          </FormSection>

          <FormSection title="Status and stock">
            <Field
              label="Status"
              hint="Only an on-sale product can be bought; a counted stock of 0 shows it sold out."
              error={errors.status}
            >
              {(c) => (
                <NativeSelect
                  {...c}
                  className="w-full"
                  value={values.status}
                  onChange={(e) => setValues((v) => ({ ...v, status: e.target.value as ProductStatus }))}
                >
                  {PRODUCT_STATUSES.map((status) => (
                    <option key={status} value={status}>
                      {STATUS_LABELS[status]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Stock" hint="Boxes on hand. Empty: not counted." error={errors.stock}>
                {(c) => <Input {...c} inputMode="numeric" value={values.stock} onChange={set('stock')} />}
              </Field>
              <Field
                label="Low-stock threshold"
                hint="The dashboard warns at or under this count."
                error={errors.low_stock_threshold}
              >
                {(c) => (
                  <Input
                    {...c}
                    inputMode="numeric"
                    value={values.low_stock_threshold}
                    onChange={set('low_stock_threshold')}
                  />
                )}
              </Field>
            </div>
          </FormSection>

          <FormSection title="Featuring">
            <label className="flex items-center gap-2 text-sm pointer-coarse:min-h-11">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={values.featured}
                onChange={(e) => setValues((v) => ({ ...v, featured: e.target.checked }))}
              />
              Featured on the home page and the shop
            </label>
            <Field label="Featured order" hint="Lower comes first." error={errors.featured_order}>
              {(c) => (
                <Input
                  {...c}
                  inputMode="numeric"
                  className="sm:max-w-40"
                  value={values.featured_order}
                  onChange={set('featured_order')}
                />
              )}
            </Field>
          </FormSection>

          <FormSection title="Facts">
            <div className="grid gap-4 sm:grid-cols-2">
              <Field label="Duration" hint="Like “2–3 hours”." error={errors['facts.duration']}>
                {(c) => <Input {...c} value={values.duration} maxLength={60} onChange={set('duration')} />}
              </Field>
              <Field label="Number of mysteries" error={errors['facts.mysteries']}>
                {(c) => (
                  <Input {...c} inputMode="numeric" value={values.mysteries} onChange={set('mysteries')} />
                )}
              </Field>
              <Field label="Difficulty" hint="Like “Intermediate”." error={errors['facts.difficulty']}>
                {(c) => (
                  <Input {...c} value={values.difficulty} maxLength={60} onChange={set('difficulty')} />
                )}
              </Field>
              <Field label="Ages" hint="Like “12+”." error={errors['facts.ages']}>
                {(c) => <Input {...c} value={values.ages} maxLength={60} onChange={set('ages')} />}
              </Field>
            </div>
          </FormSection>

          <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center gap-3 border-border border-t bg-background/95 px-4 py-3 backdrop-blur sm:mx-0 sm:rounded-lg sm:border">
            <Button type="submit" disabled={busy}>
              {busy && <Spinner size="sm" label="Saving" />}
              {product ? 'Save' : 'Create product'}
            </Button>
            {product && product.status !== 'on_sale' && (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => submit('on_sale')}>
                Publish (put on sale)
              </Button>
            )}
            {!product && (
              <p className="text-muted-foreground text-sm">Pictures are added once the product is created.</p>
            )}
          </div>
        </Form>

        {product && (
          <div className="grid gap-6">
            <PicturesPanel
              product={product}
              onChange={(updated) =>
                queryClient.setQueryData(productKeys.product(updated.id), { data: updated })
              }
            />
            <QuantityPricesPanel product={product} />
          </div>
        )}
      </div>

      <Dialog open={previewOpen} onOpenChange={setPreviewOpen}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-3xl">
          <DialogHead title="Preview">
            How visitors will see this product once it is published: the form as it is now, saved or not.
          </DialogHead>
          {product && <ProductPreview values={values} images={product.images} />}
        </DialogContent>
      </Dialog>
    </PageFrame>
  )
}

function FormSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-xl border border-border bg-card p-4 sm:p-6">
      <legend className="px-1 font-serif text-xl text-foreground">{title}</legend>
      {children}
    </fieldset>
  )
}
