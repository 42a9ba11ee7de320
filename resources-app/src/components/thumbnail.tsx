import { THUMB_WIDTHS } from '@lamplight/contracts'
import { apiBase } from '@lamplight/session'
import { cn } from '@lamplight/ui'
import { ImageIcon } from '@lamplight/ui/icons'
import { useState } from 'react'

/** API paths are same-origin unless the app was built with PUBLIC_API_URL. */
export const fileSrc = (url: string) => (/^(https?:|data:|blob:)/.test(url) ? url : `${apiBase()}${url}`)

/**
 * The API's thumbnails (`/api/files/thumbs/:id?v=`) come at the contract's widths as WebP:
 * a `srcset` of those, so a phone's card downloads a few KB instead of the stored image.
 * Anything else (an editor's local preview) is used as it is.
 */
export function thumbSources(url: string): { src: string; srcSet?: string } {
  if (!/^\/api\/files\/thumbs\//.test(url)) return { src: fileSrc(url) }
  const at = (w: number) => fileSrc(`${url}${url.includes('?') ? '&' : '?'}w=${w}`)
  return {
    src: at(THUMB_WIDTHS[1]),
    srcSet: THUMB_WIDTHS.map((w) => `${at(w)} ${w}w`).join(', '),
  }
}

/**
 * A resource's thumbnail on a white page (the pages are line art), or a quiet placeholder
 * when there is none or it fails to load. `alt` is empty where the title is next to it.
 */
export function Thumbnail({
  src,
  alt = '',
  className,
  imgClassName,
  eager = false,
  priority = false,
  sizes = '(min-width: 768px) 400px, 100vw',
}: {
  src: string | null | undefined
  alt?: string
  className?: string
  imgClassName?: string
  eager?: boolean
  /**
   * The page's main picture (its Largest Contentful Paint): fetched at high priority, ahead
   * of the scripts, instead of the low priority the browser gives an image until layout.
   */
  priority?: boolean
  /** How wide the image shows (the `sizes` attribute), for the browser's pick from the srcset. */
  sizes?: string
}) {
  const [failed, setFailed] = useState(false)
  const show = !!src && !failed
  return (
    <div className={cn('flex items-center justify-center overflow-hidden bg-white', className)}>
      {show ? (
        <img
          {...thumbSources(src)}
          sizes={sizes}
          alt={alt}
          // Thumbnails are made to fit 600 x 800 (api/src/services/uploads): the box's CSS
          // sizes the image, these give it its shape before it arrives (no layout shift).
          width={600}
          height={800}
          loading={eager || priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(true)}
          className={cn('size-full object-contain', imgClassName)}
        />
      ) : (
        <ImageIcon aria-hidden="true" className="size-10 text-border" />
      )}
    </div>
  )
}
