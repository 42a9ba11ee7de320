import { useEffect } from 'react'

export const SITE_NAME = 'Lamplight Puzzle Co.'

export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = title === 'Home' ? `${SITE_NAME} | Faith-based puzzle boxes` : `${title} | ${SITE_NAME}`
  }, [title])
}
