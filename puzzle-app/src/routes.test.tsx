import { itRendersEveryOwnedRoute } from '@lamplight/testing'
import { beforeEach, describe } from 'vitest'
import PuzzleRoutes from './routes'
import { mockApi, Providers } from './test/render'

function WithProviders() {
  return (
    <Providers>
      <PuzzleRoutes />
    </Providers>
  )
}

describe('puzzle-app routes', () => {
  beforeEach(() => {
    mockApi({
      '/api/auth/get-session': null,
      '/api/portal': { data: { unlocked: false } },
      '/api/puzzles/scroll-of-antioch': {
        data: {
          product: { slug: 'scroll-of-antioch', name: 'The Scroll of Antioch' },
          totalSteps: 1,
          currentStep: 1,
          completedSteps: [],
          completedAt: null,
          steps: [
            {
              stepNumber: 1,
              title: 'A step',
              content: 'Text',
              hint: null,
              unlockMessage: null,
              completed: false,
            },
          ],
        },
      },
    })
  })

  itRendersEveryOwnedRoute('puzzle-app', WithProviders, {
    '/puzzle-portal': 'The Scroll Portal',
    '/puzzle-portal/:productSlug': 'The Scroll Portal',
    '/puzzle/:productSlug': 'The Scroll of Antioch',
  })
})
