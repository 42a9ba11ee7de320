import type { ResourceDetail, ResourceFile } from '@lamplight/contracts'
import { PageMeta } from '@lamplight/session'
import { Button } from '@lamplight/ui'
import { DownloadIcon, PrinterIcon } from '@lamplight/ui/icons'
import { useParams } from 'react-router'
import { BackLink } from '../../components/back-link'
import { useDownload } from '../../components/file-actions'
import { ResourceBySlug } from '../../components/resource-by-slug'
import { fileSrc } from '../../components/thumbnail'
import { fileKind } from '../../lib/file-kind'
import { pagesLabel, resourceDescription } from '../../lib/labels'

/**
 * Mounted only while the print view is on screen. A letter page with half-inch margins,
 * and the site's header and notifications left off the paper (the footer and this
 * page's own top bar already leave themselves out).
 */
export const PRINT_PAGE_CSS = `@page { size: letter; margin: 0.5in; }
@media print {
  header:not([data-remote] header), section[aria-label^="Notifications"] { display: none !important; }
  html, body { background: #fff !important; }
}`

/** /resources/print/{slug}: every file of a resource laid out for the printer. */
export function PrintViewPage() {
  const { slug = '' } = useParams()
  return (
    <ResourceBySlug
      slug={slug}
      title="Print View"
      description="A free Christian resource laid out for printing."
    >
      {(resource) => <PrintView resource={resource} />}
    </ResourceBySlug>
  )
}

function PrintView({ resource }: { resource: ResourceDetail }) {
  const { busy, download } = useDownload()
  const first = resource.files[0]
  return (
    <div className="bg-background print:bg-white">
      {/* The same content as the resource's page: that page is the one to index. */}
      <PageMeta
        title={`Print: ${resource.title}`}
        description={resourceDescription(resource)}
        path={`/resources/item/${resource.slug}`}
        image={resource.thumb_url}
        type="article"
      />
      <style>{PRINT_PAGE_CSS}</style>
      <div data-print-hidden="" className="border-b bg-card print:hidden">
        {/* Phone: the way back on its own line, the two actions side by side below it. */}
        <div className="mx-auto grid max-w-4xl grid-cols-2 items-center gap-2 px-4 py-3 sm:flex sm:px-6">
          <BackLink to={`/resources/item/${resource.slug}`} className="col-span-2 sm:mr-auto">
            Back to Resource
          </BackLink>
          <Button onClick={() => window.print()} className={first ? undefined : 'col-span-2'}>
            <PrinterIcon aria-hidden="true" />
            Print
          </Button>
          {first && (
            <Button variant="outline" onClick={() => download(first)} disabled={busy} aria-busy={busy}>
              <DownloadIcon aria-hidden="true" />
              Download
            </Button>
          )}
        </div>
      </div>

      <article className="mx-auto max-w-4xl px-4 py-8 sm:px-6 print:max-w-none print:p-0 print:text-black">
        <h1 className="font-serif text-3xl text-foreground leading-tight print:text-black sm:text-4xl">
          {resource.title}
        </h1>
        {resource.description && (
          <p className="mt-3 whitespace-pre-line text-lg text-muted-foreground leading-relaxed print:text-black">
            {resource.description}
          </p>
        )}
        {resource.files.length ? (
          <div className="mt-8 space-y-10 print:mt-4 print:space-y-3">
            {resource.files.map((file, i) => (
              <PrintedFile
                key={file.id}
                file={file}
                title={resource.title}
                breakBefore={startsNewSheet(resource.files, i)}
              />
            ))}
          </div>
        ) : (
          <p className="mt-8 text-muted-foreground">No files available</p>
        )}
      </article>
    </div>
  )
}

/** Each picture after the first starts a sheet of its own; PDFs do not print here. */
const startsNewSheet = (files: ResourceFile[], index: number) =>
  fileKind(files[index]?.mime_type, files[index]?.filename) === 'image' &&
  files.slice(0, index).some((f) => fileKind(f.mime_type, f.filename) === 'image')

function PrintedFile({
  file,
  title,
  breakBefore,
}: {
  file: ResourceFile
  title: string
  breakBefore: boolean
}) {
  const kind = fileKind(file.mime_type, file.filename)
  const src = fileSrc(file.url)
  return (
    <figure className={breakBefore ? 'print:break-before-page' : undefined}>
      {kind === 'image' ? (
        <img
          src={src}
          alt={`${title}: ${file.filename}`}
          className="mx-auto block h-auto max-h-[9.5in] w-full max-w-full rounded-lg border bg-white object-contain print:max-h-[7.25in] print:rounded-none print:border-0"
        />
      ) : kind === 'pdf' ? (
        // On paper an embedded viewer prints as a grey box: a PDF prints on its own instead.
        <>
          <iframe
            src={src}
            title={`${file.filename} (PDF)`}
            className="h-[80vh] min-h-[28rem] w-full rounded-lg border bg-white print:hidden"
          />
          <p className="hidden print:block print:text-black">
            This PDF prints on its own: use Print beside it on the resource page.
          </p>
        </>
      ) : (
        <p className="rounded-lg border border-dashed px-4 py-8 text-center text-muted-foreground">
          This file can't be shown here. Use Download to open it.
        </p>
      )}
      <figcaption className="mt-2 text-center text-muted-foreground text-sm print:text-black">
        {file.filename}
        {file.pages ? ` · ${pagesLabel(file.pages)}` : ''}
      </figcaption>
    </figure>
  )
}
