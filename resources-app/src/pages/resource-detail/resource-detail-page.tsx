import type { ResourceDetail, ResourceFile } from '@lamplight/contracts'
import { breadcrumbJsonLd, formatCount, formatFileSize } from '@lamplight/contracts'
import { JsonLd, PageMeta, publicUrl, usePublicOrigin } from '@lamplight/session'
import { Badge, Button, Card, CardContent, CardHeader, CardTitle, PageContainer } from '@lamplight/ui'
import { DownloadIcon, PrinterIcon } from '@lamplight/ui/icons'
import { Link, useParams } from 'react-router'
import { FileActions } from '../../components/file-actions'
import { FileKindIcon } from '../../components/file-icon'
import { ResourceBadges } from '../../components/resource-badges'
import { ResourceBySlug } from '../../components/resource-by-slug'
import { Thumbnail } from '../../components/thumbnail'
import { fileKind } from '../../lib/file-kind'
import { pagesLabel, resourceDescription } from '../../lib/labels'

/** /resources/item/{slug}: one resource, its preview and its files to download or print. */
export function ResourceDetailPage() {
  const { slug = '' } = useParams()
  return (
    <ResourceBySlug
      slug={slug}
      title="Resource"
      description="A free Christian resource to download and print."
    >
      {(resource) => <ResourceView resource={resource} />}
    </ResourceBySlug>
  )
}

function ResourceView({ resource }: { resource: ResourceDetail }) {
  const categoryHref = `/resources/${resource.category.slug}`
  const path = `/resources/item/${resource.slug}`
  const origin = usePublicOrigin()
  return (
    <PageContainer>
      <PageMeta
        title={resource.title}
        description={resourceDescription(resource)}
        path={path}
        image={resource.thumb_url}
        type="article"
      />
      {/* The trail below, for search results (issue 39 item 7). */}
      <JsonLd
        data={breadcrumbJsonLd([
          { name: 'Resources', url: publicUrl(origin, '/resources') },
          { name: resource.category.name, url: publicUrl(origin, categoryHref) },
          { name: resource.title, url: publicUrl(origin, path) },
        ])}
      />
      <nav aria-label="Breadcrumb">
        <ol className="flex flex-wrap items-center gap-x-2 gap-y-1 text-muted-foreground text-sm">
          <li>
            <Link
              to="/resources"
              className="inline-flex min-h-10 items-center text-primary underline-offset-4 hover:underline"
            >
              Resources
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li>
            <Link
              to={categoryHref}
              className="inline-flex min-h-10 items-center text-primary underline-offset-4 hover:underline"
            >
              {resource.category.name}
            </Link>
          </li>
          <li aria-hidden="true">/</li>
          <li aria-current="page" className="min-w-0 truncate text-foreground">
            {resource.title}
          </li>
        </ol>
      </nav>

      <header className="mt-4 max-w-3xl">
        <Badge asChild variant="secondary" className="min-h-8 px-3">
          <Link to={categoryHref}>{resource.category.name}</Link>
        </Badge>
        <h1 className="mt-3 font-serif text-3xl text-foreground leading-tight sm:text-4xl">
          {resource.title}
        </h1>
        {resource.description && (
          <p className="mt-3 whitespace-pre-line text-lg text-muted-foreground leading-relaxed">
            {resource.description}
          </p>
        )}
        <ResourceBadges resource={resource} className="mt-4" />
      </header>

      {/* Phone: files first (the Download buttons are what people came for, not two screens
          below a large preview), then preview and count; in this order for keyboards and
          screen readers too. Desktop: preview and count on the left, files beside them. */}
      <div className="mt-8 grid items-start gap-6 lg:grid-cols-3">
        <Card className="gap-4 lg:col-span-2 lg:col-start-2 lg:row-span-2 lg:row-start-1">
          <CardHeader>
            <CardTitle>
              <h2>Download Files</h2>
            </CardTitle>
          </CardHeader>
          <CardContent>
            {resource.files.length ? (
              <ul className="divide-y">
                {resource.files.map((file) => (
                  <FileRow key={file.id} file={file} title={resource.title} />
                ))}
              </ul>
            ) : (
              <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground">
                No files available
              </p>
            )}
          </CardContent>
        </Card>

        {resource.thumb_url && (
          <Card className="gap-4 lg:col-start-1 lg:row-start-1">
            <CardHeader>
              <CardTitle>
                <h2>Preview</h2>
              </CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              <Thumbnail
                src={resource.thumb_url}
                alt={`Preview of ${resource.title}`}
                priority
                className="mx-auto aspect-[4/5] max-h-[24rem] rounded-lg border p-3 lg:max-h-none"
              />
              <Button asChild variant="outline" className="w-full">
                <Link to={`/resources/print/${resource.slug}`}>
                  <PrinterIcon aria-hidden="true" />
                  Print View
                </Link>
              </Button>
            </CardContent>
          </Card>
        )}

        <Card className="gap-2 lg:col-start-1">
          <CardHeader>
            <CardTitle>
              <h2>Downloads</h2>
            </CardTitle>
          </CardHeader>
          <CardContent className="flex items-center gap-3">
            <DownloadIcon aria-hidden="true" className="size-6 text-gold-deep" />
            <p>
              <span
                className="font-semibold font-serif text-3xl text-foreground"
                data-testid="download-count"
              >
                {formatCount(resource.downloads)}
              </span>
              <span className="ml-2 text-muted-foreground text-sm">
                {resource.downloads === 1 ? 'time downloaded' : 'times downloaded'}
              </span>
            </p>
          </CardContent>
        </Card>
      </div>
    </PageContainer>
  )
}

function FileRow({ file, title }: { file: ResourceFile; title: string }) {
  const kind = fileKind(file.mime_type, file.filename)
  return (
    <li className="flex flex-col gap-3 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <FileKindIcon kind={kind} />
        <div className="min-w-0">
          <p className="break-words font-medium text-foreground">{file.filename}</p>
          <p className="text-muted-foreground text-sm">
            {formatFileSize(file.size_bytes)}
            {file.pages ? ` · ${pagesLabel(file.pages)}` : ''}
          </p>
        </div>
      </div>
      <FileActions file={file} title={title} label={file.filename} className="flex shrink-0 gap-2" />
    </li>
  )
}
