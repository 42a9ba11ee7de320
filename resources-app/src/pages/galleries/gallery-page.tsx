import type { GalleryItem, GalleryKey } from '@lamplight/contracts'
import { COLOURING_CATEGORY_SLUG } from '@lamplight/contracts'
import { PageMeta, summarise } from '@lamplight/session'
import {
  Button,
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  PageContainer,
  Skeleton,
} from '@lamplight/ui'
import { ChevronLeftIcon, ChevronRightIcon } from '@lamplight/ui/icons'
import { type KeyboardEvent, useId, useRef, useState } from 'react'
import { useGallery } from '../../api/resources'
import { BackLink } from '../../components/back-link'
import { FileActions } from '../../components/file-actions'
import { Thumbnail } from '../../components/thumbnail'
import { fileKind } from '../../lib/file-kind'

export type GalleryConfig = {
  gallery: GalleryKey
  /** The gallery's route (its canonical address). */
  path: string
  title: string
  intro: string
  empty: string
}

/**
 * A colouring gallery: a grid of pages (2 to 5 columns). A tile opens on click, Enter or
 * Space (it is a button) a dialog with the large picture, Download and Print; Previous and
 * Next (or the arrow keys) move through the pages without closing it; closing it clears
 * the selection and puts focus back on the tile of the page last shown. Every control in
 * the dialog is at least 44 px square, for fingers.
 */
export function GalleryPage({ gallery, path, title, intro, empty }: GalleryConfig) {
  const items = useGallery(gallery)
  const [selected, setSelected] = useState<GalleryItem | null>(null)
  // What the dialog shows: stays while it animates closed, after the selection is cleared.
  const [shown, setShown] = useState<GalleryItem | null>(null)
  const tiles = useRef(new Map<string, HTMLButtonElement>())
  const gridLabel = useId()

  const open = (item: GalleryItem) => {
    setShown(item)
    setSelected(item)
  }
  const list = items.data ?? []
  const index = shown ? list.findIndex((item) => item.id === shown.id) : -1
  // Round from the last page to the first: a button that disabled itself under the
  // person's finger would also drop their focus.
  const step = (by: -1 | 1) => {
    if (index < 0 || !list.length) return
    const next = list[(index + by + list.length) % list.length]
    if (next) open(next)
  }
  const onDialogKey = (event: KeyboardEvent) => {
    // Arrow keys belong to whatever has them inside (none today, but a future field would).
    if (event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement) return
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight') {
      event.preventDefault()
      step(event.key === 'ArrowLeft' ? -1 : 1)
    }
  }

  return (
    <PageContainer>
      <PageMeta title={title} description={summarise(intro)} path={path} />
      <BackLink to={`/resources/${COLOURING_CATEGORY_SLUG}`}>
        Back to Kids Activities &amp; Colouring
      </BackLink>
      <header className="mt-4 max-w-3xl">
        <h1 className="font-serif text-3xl text-foreground leading-tight sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-muted-foreground leading-relaxed">{intro}</p>
      </header>

      <section aria-labelledby={gridLabel} className="mt-8">
        <h2 id={gridLabel} className="sr-only">
          Colouring pages
        </h2>
        {items.isPending ? (
          <>
            <p role="status" className="sr-only">
              Loading colouring pages...
            </p>
            <div aria-hidden="true" className={GRID}>
              {Array.from({ length: 10 }, (_, i) => (
                <Skeleton key={i} className="aspect-[3/4] rounded-xl" />
              ))}
            </div>
          </>
        ) : items.data?.length ? (
          <ul className={GRID}>
            {items.data.map((item) => (
              <li key={item.id} className="flex">
                <button
                  type="button"
                  ref={(node) => {
                    if (node) tiles.current.set(item.id, node)
                    else tiles.current.delete(item.id)
                  }}
                  onClick={() => open(item)}
                  aria-haspopup="dialog"
                  // Full height of the row, so one-line and two-line titles end level.
                  className="group flex h-full w-full flex-col overflow-hidden rounded-xl border bg-card text-left shadow-sm transition-shadow hover:shadow-md focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-offset-2"
                >
                  <Thumbnail
                    src={item.thumbnail || imageOf(item)}
                    sizes="(min-width: 768px) 240px, 45vw"
                    className="aspect-[3/4] w-full border-b p-2 transition-transform"
                    imgClassName="transition-transform duration-200 group-hover:scale-[1.03]"
                  />
                  <span className="line-clamp-2 px-3 py-2.5 font-medium text-foreground text-sm leading-snug">
                    {item.title}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="rounded-xl border border-dashed bg-card/60 px-6 py-14 text-center text-lg text-muted-foreground">
            {empty}
          </p>
        )}
      </section>

      <Dialog open={!!selected} onOpenChange={(isOpen) => !isOpen && setSelected(null)}>
        {shown && (
          <DialogContent
            className="gap-3 p-4 sm:max-w-2xl sm:gap-4 sm:p-6"
            onKeyDown={onDialogKey}
            onCloseAutoFocus={(event) => {
              const tile = tiles.current.get(shown.id)
              if (tile) {
                event.preventDefault()
                tile.focus()
              }
            }}
          >
            <DialogHeader className="pr-12">
              <DialogTitle>{shown.title}</DialogTitle>
              <DialogDescription>
                {index >= 0 && list.length > 1 ? `Page ${index + 1} of ${list.length}. ` : ''}
                Download it, or print it to colour in.
              </DialogDescription>
            </DialogHeader>
            <Thumbnail
              key={shown.id}
              src={imageOf(shown)}
              alt={shown.title}
              eager
              className="h-[min(52dvh,36rem)] rounded-lg border p-2"
            />
            <div className="grid gap-3 sm:flex sm:items-center sm:justify-between">
              {list.length > 1 && (
                <nav aria-label="Colouring pages" className="grid grid-cols-2 gap-3 sm:flex">
                  <Button variant="outline" size="lg" onClick={() => step(-1)} aria-keyshortcuts="ArrowLeft">
                    <ChevronLeftIcon aria-hidden="true" />
                    Previous
                  </Button>
                  <Button variant="outline" size="lg" onClick={() => step(1)} aria-keyshortcuts="ArrowRight">
                    Next
                    <ChevronRightIcon aria-hidden="true" />
                  </Button>
                </nav>
              )}
              <FileActions
                file={{
                  download_url: shown.download_url,
                  url: shown.file_url,
                  filename: shown.filename,
                  mime_type: shown.mime_type,
                }}
                title={shown.title}
                size="lg"
                className="grid grid-cols-2 gap-3 sm:ml-auto sm:flex"
              />
            </div>
          </DialogContent>
        )}
      </Dialog>
    </PageContainer>
  )
}

/** The large picture: the page itself when it is an image, else its thumbnail. */
const imageOf = (item: GalleryItem) =>
  fileKind(item.mime_type, item.filename) === 'image' ? item.file_url : item.thumbnail || null

const GRID = 'grid grid-cols-2 gap-4 sm:grid-cols-3 md:grid-cols-4 lg:grid-cols-5'
