import { NotFoundStatus, PageMeta } from '@lamplight/session'
import { Button, NotFoundState as KitNotFoundState, PageContainer } from '@lamplight/ui'
import { ArrowLeftIcon } from '@lamplight/ui/icons'
import { Link } from 'react-router'

/**
 * Category Not Found / Resource Not Found: the kit's state, titled, with the way back to the
 * library; not indexed, and a 404 when the server renders it.
 */
export function NotFoundState({ title, message }: { title: string; message: string }) {
  return (
    <PageContainer>
      <PageMeta title={title} description={message} />
      <NotFoundStatus />
      <KitNotFoundState
        title={title}
        message={message}
        action={
          <Button asChild>
            <Link to="/resources">
              <ArrowLeftIcon aria-hidden="true" />
              Back to Resources
            </Link>
          </Button>
        }
      />
    </PageContainer>
  )
}
