import { apiBase } from '@lamplight/contracts'
import { cn } from '@lamplight/ui'
import { ImageIcon } from 'lucide-react'
import { useState } from 'react'

/** API paths are same-origin unless the app was built with PUBLIC_API_URL. */
export const fileSrc = (url: string) => (/^(https?:|data:|blob:)/.test(url) ? url : `${apiBase()}${url}`)

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
}: {
  src: string | null | undefined
  alt?: string
  className?: string
  imgClassName?: string
  eager?: boolean
}) {
  const [failed, setFailed] = useState(false)
  const show = !!src && !failed
  return (
    <div className={cn('flex items-center justify-center overflow-hidden bg-white', className)}>
      {show ? (
        <img
          src={fileSrc(src)}
          alt={alt}
          // Thumbnails are made to fit 600 x 800 (api/src/services/uploads): the box's CSS
          // sizes the image, these give it its shape before it arrives (no layout shift).
          width={600}
          height={800}
          loading={eager ? 'eager' : 'lazy'}
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
