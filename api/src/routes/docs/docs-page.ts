import { escapeHtml } from '../../lib/html'

type Doc = ReturnType<typeof import('./openapi').openApiDocument>
type Schema = {
  type?: string | string[]
  format?: string
  enum?: unknown[]
  const?: unknown
  items?: Schema
  properties?: Record<string, Schema>
  required?: string[]
  anyOf?: Schema[]
  oneOf?: Schema[]
  $ref?: string
  minimum?: number
  maximum?: number
  minLength?: number
  maxLength?: number
  pattern?: string
  default?: unknown
  description?: string
}
type Parameter = { name: string; in: string; required: boolean; schema: Schema }
type Response = { description: string; content?: Record<string, { schema: Schema }> }
type Operation = {
  summary: string
  description: string
  tags: string[]
  'x-access': string
  parameters: Parameter[]
  requestBody?: { content: Record<string, { schema: Schema }> }
  responses: Record<string, Response>
}

const METHOD_COLOURS: Record<string, string> = {
  get: '#2f6f4f',
  post: '#7a2430',
  patch: '#8a5a14',
  put: '#8a5a14',
  delete: '#a11d1d',
}

/** A schema's type in a few words: `string (date-time)`, `array of object`, `"a" | "b"`. */
function typeOf(schema: Schema | undefined): string {
  if (!schema) return 'any'
  if (schema.$ref) return schema.$ref.split('/').pop() ?? 'object'
  if (schema.enum) return schema.enum.map((v) => JSON.stringify(v)).join(' | ')
  if (schema.const !== undefined) return JSON.stringify(schema.const)
  const alternatives = schema.anyOf ?? schema.oneOf
  if (alternatives) return [...new Set(alternatives.map(typeOf))].join(' or ')
  const type = Array.isArray(schema.type) ? schema.type.join(' or ') : schema.type
  if (type === 'array') return `array of ${typeOf(schema.items)}`
  if (!type) return 'any'
  return schema.format ? `${type} (${schema.format})` : type
}

/** Limits worth knowing when filling a field in. */
function limitsOf(schema: Schema): string {
  const parts: string[] = []
  const { minLength: min, maxLength: max } = schema
  const characters = (n: number) => (n === 1 ? '1 character' : `${n} characters`)
  if (min !== undefined && max !== undefined) parts.push(`${min}-${characters(max)}`)
  else if (min !== undefined) parts.push(`at least ${characters(min)}`)
  else if (max !== undefined) parts.push(`at most ${characters(max)}`)
  if (schema.minimum !== undefined) parts.push(`≥ ${schema.minimum}`)
  if (schema.maximum !== undefined) parts.push(`≤ ${schema.maximum}`)
  if (schema.default !== undefined) parts.push(`default ${JSON.stringify(schema.default)}`)
  return parts.join(', ')
}

function table(head: string[], rows: string[][]): string {
  if (rows.length === 0) return ''
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows
    .map((row) => `<tr>${row.map((cell) => `<td>${cell}</td>`).join('')}</tr>`)
    .join('')}</tbody></table>`
}

/** An object's fields, one row each (nested objects are named by their type, not expanded). */
function fields(schema: Schema | undefined): string {
  const object = schema?.anyOf?.find((s) => s.properties) ?? schema
  const properties = object?.properties
  if (!properties) return `<p>${escapeHtml(typeOf(schema))}</p>`
  const required = new Set(object?.required ?? [])
  return table(
    ['Field', 'Type', 'Required', 'Limits'],
    Object.entries(properties).map(([name, property]) => [
      `<code>${escapeHtml(name)}</code>`,
      escapeHtml(typeOf(property)),
      required.has(name) ? 'yes' : '',
      escapeHtml(limitsOf(property)),
    ]),
  )
}

function operationHtml(path: string, method: string, op: Operation): string {
  const parameters = table(
    ['Parameter', 'In', 'Type', 'Required', 'Limits'],
    op.parameters.map((p) => [
      `<code>${escapeHtml(p.name)}</code>`,
      p.in,
      escapeHtml(typeOf(p.schema)),
      p.required ? 'yes' : '',
      escapeHtml(limitsOf(p.schema)),
    ]),
  )
  const body = op.requestBody?.content['application/json']?.schema
  const responses = table(
    ['Status', 'Meaning', 'Body'],
    Object.entries(op.responses).map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema
      return [`<b>${status}</b>`, escapeHtml(response.description), schema ? escapeHtml(typeOf(schema)) : '']
    }),
  )
  const success = Object.entries(op.responses).find(([status]) => status.startsWith('2'))?.[1]
  const answer = success?.content?.['application/json']?.schema
  return `<details id="${escapeHtml(`${method}-${path}`)}"><summary><b class="method" style="color:${METHOD_COLOURS[method] ?? '#333'}">${method.toUpperCase()}</b> <code>/api${escapeHtml(path)}</code> · ${escapeHtml(op.summary)} <span class="access">${escapeHtml(op['x-access'])}</span></summary>${op.description
    .split('\n\n')
    .map((p) => `<p>${escapeHtml(p)}</p>`)
    .join(
      '',
    )}${parameters ? `<h4>Parameters</h4>${parameters}` : ''}${body ? `<h4>Body (JSON)</h4>${fields(body)}` : ''}${answer ? `<h4>Answer (JSON)</h4>${fields(answer)}` : ''}<h4>Answers</h4>${responses}</details>`
}

/**
 * A readable reference page rendered on the server (no scripts, nothing from the web): the
 * endpoints grouped as the document's tags, each with its parameters, body fields, answer
 * fields and every status it can answer, in tables.
 */
export function docsPage(doc: Doc): string {
  const byTag = new Map<string, string[]>()
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods as Record<string, Operation>)) {
      const tag = op.tags[0] ?? 'api'
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, op)])
    }
  }
  const sections = doc.tags
    .filter((tag) => byTag.has(tag.name))
    .map(
      (tag) =>
        `<section id="${escapeHtml(tag.name)}"><h2>${escapeHtml(tag.name)}</h2><p class="lead">${escapeHtml(tag.description)}</p>${(byTag.get(tag.name) ?? []).join('')}</section>`,
    )
    .join('')
  const contents = doc.tags
    .filter((tag) => byTag.has(tag.name))
    .map((tag) => `<li><a href="#${escapeHtml(tag.name)}">${escapeHtml(tag.name)}</a></li>`)
    .join('')
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>API reference | Lamplight Puzzle Co.</title><style>body{font-family:system-ui,sans-serif;background:#fbf7ee;color:#2a2018;max-width:1040px;margin:2rem auto;padding:0 1rem;line-height:1.5}h2{margin-top:2.5rem;border-bottom:1px solid #e0d3ba}.lead{color:#5c4b3a}details{background:#fffdf8;border:1px solid #e0d3ba;border-radius:8px;padding:.6rem 1rem;margin:.5rem 0}summary{cursor:pointer}h4{margin:1rem 0 .3rem}table{border-collapse:collapse;width:100%;font-size:.875rem;display:block;overflow-x:auto}th,td{text-align:left;padding:.3rem .6rem;border-bottom:1px solid #efe4cc;vertical-align:top}th{background:#f3ecdc}.access{float:right;font-size:.8rem;background:#efe4cc;border-radius:999px;padding:0 .6rem}code{font-size:.9rem}nav ul{columns:3 12rem;padding-left:1.2rem}</style></head><body><h1>${escapeHtml(doc.info.title)}</h1><p>${escapeHtml(doc.info.description)}</p><p>The machine-readable document: <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI ${doc.openapi}), from the same declarations the server enforces.</p><nav aria-label="Sections"><ul>${contents}</ul></nav>${sections}</body></html>`
}
