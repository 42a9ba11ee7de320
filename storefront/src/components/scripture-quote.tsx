import { cn } from '@lamplight/ui'

/** A verse, quoted from the King James Version, with its reference. */
export function ScriptureQuote({
  text,
  reference,
  className,
}: {
  text: string
  reference: string
  className?: string
}) {
  return (
    <figure className={cn('relative border-gold border-l-4 pl-5', className)}>
      <blockquote className="font-serif text-foreground text-xl italic leading-relaxed sm:text-2xl">
        <p>“{text}”</p>
      </blockquote>
      <figcaption className="mt-3 font-medium text-muted-foreground text-sm">
        <cite className="not-italic">{reference}</cite> (KJV)
      </figcaption>
    </figure>
  )
}
