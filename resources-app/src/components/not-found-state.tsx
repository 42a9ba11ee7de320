import { Button } from '@lamplight/ui'
import { ArrowLeftIcon, SearchXIcon } from 'lucide-react'
import { Link } from 'react-router'
import { useDocumentTitle } from '../lib/use-document-title'
import { PageContainer } from './page-container'

/** Category Not Found / Resource Not Found, with the way back to the library. */
export function NotFoundState({ title, message }: { title: string; message: string }) {
  useDocumentTitle(title)
  return (
    <PageContainer>
      <div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
        <SearchXIcon aria-hidden="true" className="mb-4 size-12 text-gold-deep" />
        <h1 className="font-serif text-3xl text-foreground sm:text-4xl">{title}</h1>
        <p className="mt-3 text-lg text-muted-foreground">{message}</p>
        <Button asChild className="mt-8">
          <Link to="/resources">
            <ArrowLeftIcon aria-hidden="true" />
            Back to Resources
          </Link>
        </Button>
      </div>
    </PageContainer>
  )
}
