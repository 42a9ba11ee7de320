import { puzzleAuthoringContract as contract } from '@lamplight/contracts'
import { defineRouter } from '../../lib/router'
import { listCodes, listPuzzleProducts } from './authoring-queries'
import {
  authoredPuzzle,
  createFragment,
  createStep,
  generateCodes,
  orderSteps,
  previewAnswer,
  puzzleProgress,
  setCodeActive,
  updateFragment,
  updateStep,
} from './authoring-service'

/** Authoring a box's puzzle, portal and codes (issue 36). Every contract declares `admin`. */
export const puzzleAuthoringRouter = defineRouter('/admin/puzzles')
  .handle(contract.products, async ({ c, db }) => c.json({ data: await listPuzzleProducts(db) }))
  .handle(contract.show, async ({ c, db, params }) =>
    c.json({ data: await authoredPuzzle(db, params.productId) }),
  )
  .handle(contract.createStep, async ({ c, db, params, body, user }) =>
    c.json({ data: await createStep(db, user.id, params.productId, body) }, 201),
  )
  .handle(contract.updateStep, async ({ c, db, params, body, user }) =>
    c.json({ data: await updateStep(db, user.id, params.productId, params.stepId, body) }),
  )
  .handle(contract.orderSteps, async ({ c, db, params, body, user }) =>
    c.json({ data: await orderSteps(db, user.id, params.productId, body.ids) }),
  )
  .handle(contract.createFragment, async ({ c, db, params, body, user }) =>
    c.json({ data: await createFragment(db, user.id, params.productId, body) }, 201),
  )
  .handle(contract.updateFragment, async ({ c, db, params, body, user }) =>
    c.json({ data: await updateFragment(db, user.id, params.productId, params.fragmentId, body) }),
  )
  .handle(contract.preview, async ({ c, db, params, body }) =>
    c.json({ data: await previewAnswer(db, params.productId, body) }),
  )
  .handle(contract.generateCodes, { bodyLimit: 1024 }, async ({ c, db, params, body, user }) => {
    c.header('Cache-Control', 'no-store')
    return c.json({ data: await generateCodes(db, user.id, params.productId, body.count) }, 201)
  })
  .handle(contract.codes, async ({ c, db, params, query }) =>
    c.json(await listCodes(db, params.productId, query)),
  )
  .handle(contract.setCodeActive, async ({ c, db, params, body, user }) =>
    c.json({ data: await setCodeActive(db, user.id, params.productId, params.codeId, body.is_active) }),
  )
  .handle(contract.progress, async ({ c, db, params }) =>
    c.json({ data: await puzzleProgress(db, params.productId) }),
  )
