import type { ReactNode } from 'react'
import { renderToReadableStream } from 'react-dom/server'

/**
 * Renders on the server as a streaming server render does, waiting for every lazy page and
 * Suspense boundary, and answers the HTML. An error anywhere (one a boundary would have
 * left to the browser too) fails the render: in Node, touching `window` or `document`
 * while rendering is such an error.
 */
export async function renderToHtml(element: ReactNode): Promise<string> {
  const errors: unknown[] = []
  const stream = await renderToReadableStream(element, {
    onError: (error) => {
      errors.push(error)
    },
  })
  await stream.allReady
  const html = await new Response(stream).text()
  if (errors.length) throw errors[0]
  return html
}
