import { portalPathOf } from '@lamplight/contracts'
import { Button } from '@lamplight/ui'
import { Link } from 'react-router'

/** The one sentence that explains a box's two parts, the same on every page and in the mail. */
export const TWO_PARTS_TEXT =
  'Start the online story now; when your box arrives, enter the code inside it to open the scroll.'

/**
 * A box is two puzzles (issue 36): the online story (`/puzzle/:slug`, open to its buyer at
 * once) and the scroll portal behind the code printed in the box. Each has its own button.
 */
export function TwoParts({
  productSlug,
  className,
  size,
}: {
  productSlug: string
  className?: string
  size?: 'default' | 'lg' | 'sm'
}) {
  return (
    <div className={className}>
      <p className="leading-relaxed">{TWO_PARTS_TEXT}</p>
      <div className="mt-3 flex flex-wrap gap-3">
        <Button asChild size={size}>
          <Link to={`/puzzle/${productSlug}`}>Start the online story</Link>
        </Button>
        <Button asChild size={size} variant="outline">
          <Link to={portalPathOf(productSlug)}>Enter your box's code</Link>
        </Button>
      </div>
    </div>
  )
}
