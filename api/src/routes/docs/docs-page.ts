import { escapeHtml } from '../../lib/html'

type Doc = ReturnType<typeof import('./openapi').openApiDocument>
type Operation = {
  summary: string
  description: string
  'x-access': string
  parameters: unknown[]
  requestBody?: unknown
  responses: Record<string, unknown>
}

const METHOD_COLOURS: Record<string, string> = {
  get: '#2f6f4f',
  post: '#7a2430',
  patch: '#8a5a14',
  put: '#8a5a14',
  delete: '#a11d1d',
}

/** A readable reference page rendered on the server (no scripts, nothing from the web). */
export function docsPage(doc: Doc): string {
  const sections = Object.entries(doc.paths)
    .flatMap(([path, methods]) =>
      Object.entries(methods as Record<string, Operation>).map(([method, op]) => {
        const details = JSON.stringify(
          { parameters: op.parameters, requestBody: op.requestBody, responses: op.responses },
          null,
          2,
        )
        return `<details><summary><b style="color:${METHOD_COLOURS[method] ?? '#333'}">${method.toUpperCase()}</b> <code>/api${escapeHtml(path)}</code> · ${escapeHtml(op.summary)} <span class="access">${escapeHtml(op['x-access'])}</span></summary><p>${escapeHtml(op.description)}</p><pre>${escapeHtml(details)}</pre></details>`
      }),
    )
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API reference | Lamplight Puzzle Co.</title><style>body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;max-width:980px;margin:2rem auto;padding:0 1rem}details{background:#fffdf8;border:1px solid #e0d3ba;border-radius:8px;padding:.6rem 1rem;margin:.5rem 0}summary{cursor:pointer;line-height:1.6}pre{white-space:pre-wrap;font-size:.8rem;background:#f3ecdc;padding:.75rem;border-radius:6px;overflow:auto}.access{float:right;font-size:.8rem;background:#efe4cc;border-radius:999px;padding:0 .6rem}code{font-size:.95rem}</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}).</p>${sections}</body></html>`
}
