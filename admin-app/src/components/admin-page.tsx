import { PageMeta } from '@lamplight/session'
import { NotFoundState, PageContainer, PageFrame } from '@lamplight/ui'
import { ArrowLeftIcon } from '@lamplight/ui/icons'
import type { ReactNode } from 'react'
import { BackLink, LinkButton } from './link-button'
import { type AdminLevel, RequireRole } from './require-role'

/**
 * A page of the console that is not a list (insights, deployments, puzzles, shipping...):
 * the role check, its frame and head, and the way back (to the dashboard unless `back`
 * says where), above the page's own content.
 */
export function AdminPage({
  level = 'admin',
  eyebrow = 'Admin',
  title,
  metaTitle,
  lead,
  back = { to: '/admin', label: 'Back to the dashboard' },
  backClassName = 'mb-4',
  children,
}: {
  level?: AdminLevel
  eyebrow?: string
  title: string
  /** The document's title, when it says more than the heading. */
  metaTitle?: string
  lead?: ReactNode
  back?: { to: string; label: string }
  backClassName?: string
  children: ReactNode
}) {
  return (
    <RequireRole level={level}>
      <PageFrame eyebrow={eyebrow} title={title} lead={lead}>
        <PageMeta title={metaTitle ?? title} />
        <BackLink to={back.to} className={backClassName}>
          {back.label}
        </BackLink>
        {children}
      </PageFrame>
    </RequireRole>
  )
}

/** What a console page shows when its address names nothing: why, and the way to the list. */
export function AdminNotFound({
  metaTitle,
  title,
  message,
  back,
}: {
  /** The document's title, when it is not the heading's. */
  metaTitle?: string
  title: string
  message: string
  back: { to: string; label: string }
}) {
  return (
    <>
      <PageMeta title={metaTitle ?? title} />
      <PageContainer>
        <NotFoundState
          title={title}
          message={message}
          action={
            <LinkButton to={back.to} icon={ArrowLeftIcon}>
              {back.label}
            </LinkButton>
          }
        />
      </PageContainer>
    </>
  )
}
