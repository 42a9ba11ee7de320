import { z } from 'zod'
import type { DeclaredRoute } from '../lib/router'

/** One hostile request, and whether the route's own schema would refuse it. */
export type HostileCase = {
  label: string
  path: string
  query?: string
  /** Request headers the route declares, set to a hostile value (names as declared, lower-case). */
  headers?: Record<string, string>
  body?: string
  contentType?: string | null
  /** The schema (or JSON itself) refuses this: the answer must be 4xx and change nothing. */
  mustFail: boolean
}

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  required?: string[]
  enum?: unknown[]
  const?: unknown
  format?: string
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  items?: JsonSchema
  minLength?: number
  pattern?: string
  default?: unknown
}

const UUID = '00000000-0000-4000-8000-000000000000'

/** Values that are wrong for some field somewhere: types, sizes, encodings, injections. */
export const HOSTILE_VALUES: [string, unknown][] = [
  ['null', null],
  ['number', 123],
  ['negative', -1],
  ['huge number', 1e308],
  ['unsafe integer', 2 ** 53 + 2],
  ['fraction', 0.5],
  ['boolean', true],
  ['array', ['a']],
  ['object', { $ne: 1 }],
  ['empty string', ''],
  ['spaces', '   '],
  ['NUL', 'a\u0000b'],
  ['lone surrogate', '\ud800x'],
  ['RTL override', '\u202eevil'],
  ['zero width', '\u200b\u200b'],
  ['emoji', '🙏🕊️'],
  ['10 KB', 'x'.repeat(10_000)],
  ['SQL', "' OR 1=1; DROP TABLE orders; --"],
  ['traversal', '../../etc/passwd'],
  ['encoded traversal', '%2e%2e%2f%2e%2e%2fetc%2fpasswd'],
  ['script', '<script>alert(1)</script>'],
  ['NaN text', 'NaN'],
  ['Infinity text', 'Infinity'],
  ['prototype key', { __proto__: { admin: true } }],
  // Wrong types that look almost right.
  ['numeric string', '123'],
  ['boolean string', 'true'],
  ['impossible date', '2026-13-45T25:61:61Z'],
  ['empty object', {}],
  ['nested object', { a: { b: { c: {} } } }],
  ['empty array', []],
  ['array of objects', [{}, {}]],
  ['nested arrays', [[[]]]],
  ['array of nulls', [null]],
  // Numbers at the edges.
  ['negative huge', -1e308],
  ['negative unsafe integer', -(2 ** 53) - 2],
  ['smallest denormal', 5e-324],
  ['max int32 + 1', 2 ** 31],
  // Sizes.
  ['1 MB', 'x'.repeat(1024 * 1024)],
  ['100 KB of multi-byte', 'ü'.repeat(50_000)],
  // Odd Unicode.
  ['BOM', '\ufeffabc'],
  ['lone low surrogate', '\udc00'],
  ['noncharacters', '\uffff\ufffe'],
  ['control characters', '\u0001\u0007\u001b[31m'],
  ['line separators', 'a\u2028b\u2029c'],
  ['combining marks', `a${'\u0301'.repeat(200)}`],
  ['homoglyphs', 'аdmin@ехаmple.com'],
  ['full width', 'ＡＤＭＩＮ'],
  // Injections.
  ['CRLF', 'a\r\nSet-Cookie: x=1'],
  ['mail header injection', 'a@example.com\r\nBcc: everyone@example.com'],
  ['SQL union', "' UNION SELECT email, password FROM account --"],
  ['SQL sleep', '1; SELECT pg_sleep(5); --'],
  ['SQL backslash quote', '\\\'; DROP TABLE "user"; --'],
  ['windows traversal', '..\\..\\windows\\win.ini'],
  ['absolute path', '/etc/passwd'],
  ['file URL', 'file:///etc/passwd'],
  ['metadata URL', 'http://169.254.169.254/latest/meta-data/'],
  ['javascript URL', 'javascript:alert(1)'],
  ['format string', '%s%s%s%n'],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: the template-injection probe itself
  ['template', '${7*7}{{7*7}}#{7*7}'],
  ['operator object', { $gt: '' }],
  // Identifiers that are nearly UUIDs.
  ['invalid uuid', '00000000-0000-0000-0000-00000000000g'],
  ['uuid without hyphens', '00000000000040008000000000000000'],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['uuid in braces', `{${UUID}}`],
  // Addresses.
  ['address too long', `${'a'.repeat(300)}@example.com`],
  ['unicode address', 'ü@exämple.com'],
  ['address without domain', 'someone@'],
  // What String.prototype.replace expands in a string replacement: the matched text, the text
  // before or after it, a group, a named group.
  ['replacement patterns', "$&$`$'$$"],
  ['replacement groups', '$1$2$<name>$0'],
  ['replacement in an address', '$&@example.com'],
  // Keys that pollute prototypes, as values and as nested objects.
  ['proto string', '__proto__'],
  ['constructor object', { constructor: { prototype: { isAdmin: true } } }],
]

/**
 * Field values written as raw JSON text, for what JSON.stringify cannot produce: numbers that
 * parse to Infinity or underflow to 0, tokens JSON does not have, escapes of broken Unicode.
 */
export const RAW_JSON_VALUES: [string, string][] = [
  ['1e400 (Infinity)', '1e400'],
  ['-1e400 (-Infinity)', '-1e400'],
  ['1e-400 (underflow)', '1e-400'],
  ['NaN token', 'NaN'],
  ['Infinity token', 'Infinity'],
  ['hex literal', '0x10'],
  ['leading zero', '012'],
  ['trailing dot', '1.'],
  ['30-digit integer', '123456789012345678901234567890'],
  ['escaped lone surrogate', '"\\udfff"'],
  ['single-quoted string', "'x'"],
  ['undefined token', 'undefined'],
  ['bare word', 'admin'],
]

const PARAM_VALUES: [string, string][] = [
  ['traversal', '..%2f..%2fetc%2fpasswd'],
  ['encoded dot-dot', '%2e%2e%2f'],
  ['double encoded', '%252e%252e%252f'],
  ['NUL', 'a%00b'],
  ['invalid utf-8', '%ff%fe'],
  ['bad escape', '%zz'],
  ['SQL', "'%3B%20drop%20table%20orders%3B--"],
  ['unicode', '%C3%BC%F0%9F%98%80'],
  ['spaces', '%20%20'],
  ['dot', '.'],
  ['long', 'x'.repeat(5000)],
  ['negative', '-1'],
  ['huge', '1e309'],
  ['almost uuid', '00000000-0000-0000-0000-00000000000g'],
  ['upper uuid', UUID.toUpperCase()],
  ['json', '%7B%7D'],
  ['dot-dot', '..'],
  ['backslash traversal', '..%5c..%5cwindows'],
  ['overlong utf-8 dots', '%C0%AE%C0%AE%2F'],
  ['CRLF injection', 'a%0d%0aSet-Cookie:%20x=1'],
  ['tab', '%09'],
  ['shell', '%24(id)'],
  ['backticks', '%60id%60'],
  ['pipe', 'a%7Cb'],
  ['semicolon', 'a%3Bb'],
  ['percent', '%25'],
  ['plus', '+'],
  ['star', '*'],
  ['tilde', '~'],
  ['zero', '0'],
  ['hex', '0x10'],
  ['true', 'true'],
  ['null', 'null'],
  ['undefined', 'undefined'],
  ['proto', '__proto__'],
  ['constructor', 'constructor'],
  ['121 chars', 'a'.repeat(121)],
  ['upper case', 'Scroll-Of-Antioch'],
  ['double hyphen', 'slug--double'],
  ['leading hyphen', '-leading'],
  ['homoglyph', 'scr%D0%BEll'],
  ['full width', '%EF%BC%A1'],
  ['device name', 'CON'],
  ['html', '%3Cb%3Ex%3C%2Fb%3E'],
  ['absolute path', '%2Fetc%2Fpasswd'],
  ['full-width dots', '%EF%BC%8E%EF%BC%8E%EF%BC%8F'],
  ['unicode slash', '..%E2%81%84..%E2%81%84etc'],
  ['NUL double encoded', '%2500'],
  ['path parameter', 'x%3Bjsessionid%3D1'],
  ['NTFS stream', 'x%3A%3A%24DATA'],
  ['URL', 'http%3A%2F%2F169.254.169.254%2F'],
  ['RTL override', '%E2%80%AEevil'],
  ['zero width', '%E2%80%8B'],
  ['BOM', '%EF%BB%BFx'],
  ['emoji', '%F0%9F%99%8F'],
  ['20-digit number', '99999999999999999999'],
  ['fraction', '1.5'],
  ['exponent', '1e3'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['SQL comment', 'x--'],
  ['SQL union', "x'%20UNION%20SELECT%20password%20FROM%20account--"],
  ['SQL sleep', '1%3Bselect%20pg_sleep(5)'],
  ['uuid in braces', `%7B${UUID}%7D`],
  ['uuid urn', `urn%3Auuid%3A${UUID}`],
  ['uuid without hyphens', UUID.replace(/-/g, '')],
  ['nil uuid', '00000000-0000-0000-0000-000000000000'],
  ['template', '%24%7B7*7%7D'],
  ['format string', '%25s%25n'],
  ['replacement patterns', "%24%26%24%60%24'%24%24"],
  ['replacement group', '%241%24%3Cname%3E'],
]

const QUERY_VALUES: [string, string][] = [
  ['NUL', '%00'],
  ['invalid utf-8', '%ff'],
  ['long', 'q'.repeat(5000)],
  ['negative', '-1'],
  ['zero', '0'],
  ['huge', '1e309'],
  ['NaN', 'NaN'],
  ['fraction', '1.5'],
  ['SQL', "'%20OR%201%3D1--"],
  ['traversal', '..%2F..%2Fetc'],
  ['like wildcards', '%25_%25'],
  ['unicode', '%F0%9F%98%80'],
  ['empty', ''],
  ['plus as space', 'a+b'],
  ['ampersand encoded', 'a%26admin%3Dtrue'],
  ['equals encoded', 'a%3Db'],
  ['hash encoded', 'a%23b'],
  ['-0', '-0'],
  ['unsafe integer', '9007199254740993'],
  ['exponent', '1e3'],
  ['hex', '0x1f'],
  ['comma list', 'a,b,c'],
  ['JSON object', '%7B%22%24ne%22%3A1%7D'],
  ['JSON array', '%5B1%2C2%5D'],
  ['10 KB', 'q'.repeat(10_000)],
  ['date', '2026-13-45'],
  ['replacement patterns', "%24%26%24%60%24'%24%24"],
  ['replacement group', '%241%24%3Cname%3E'],
]

/** A value the field's JSON Schema accepts, or undefined when we cannot tell. */
function sampleFor(schema: JsonSchema | undefined): unknown {
  if (!schema) return undefined
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (schema.enum?.length) return schema.enum[0]
  const options = schema.anyOf ?? schema.oneOf
  if (options) return sampleFor(options.find((o) => o.type !== 'null') ?? options[0])
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type
  switch (type) {
    case 'string':
      if (schema.format === 'email') return 'someone@example.com'
      if (schema.format === 'uuid') return UUID
      if (schema.format === 'uri') return 'https://example.com/'
      if (schema.pattern) return 'sample-slug'
      return 'sample text'
    case 'number':
    case 'integer':
      return 1
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object': {
      const out: Record<string, unknown> = {}
      for (const name of schema.required ?? []) out[name] = sampleFor(schema.properties?.[name])
      return out
    }
    default:
      return undefined
  }
}

const jsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema

/** A request the route's schemas accept (as far as a generated sample can), to mutate one part at a time. */
function baseline(route: DeclaredRoute) {
  const make = (schema: z.ZodType | undefined) => {
    if (!schema) return undefined
    const sample = sampleFor(jsonSchema(schema)) as Record<string, unknown> | undefined
    return sample && schema.safeParse(sample).success ? sample : (sample ?? {})
  }
  return {
    params: (make(route.params) ?? {}) as Record<string, unknown>,
    query: (make(route.query) ?? {}) as Record<string, unknown>,
    body: make(route.body),
  }
}

/** An object's fields; for a union of objects (a discriminated body), the fields of every option. */
const fieldNames = (schema: JsonSchema): string[] => [
  ...new Set([
    ...Object.keys(schema.properties ?? {}),
    ...(schema.oneOf ?? schema.anyOf ?? []).flatMap((option) => Object.keys(option.properties ?? {})),
  ]),
]

const refuses = (schema: z.ZodType | undefined, value: unknown) =>
  !!schema && !schema.safeParse(value).success
const hasNul = (value: unknown) => JSON.stringify(value ?? null).includes('\\u0000')

const RAW_MARK = '\u0000raw-json-value\u0000'
const INVALID = Symbol('invalid JSON')
function parseOrMark(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return INVALID
  }
}

function fill(path: string, params: Record<string, unknown>) {
  return path
    .replace(/\/\*$/, '/matrix-probe')
    .replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(params[name] ?? UUID)))
}

function decodeOrNull(text: string): string | null {
  try {
    return decodeURIComponent(text)
  } catch {
    return null
  }
}

/**
 * At least forty hostile requests for a route with params, a query or a body, generated from
 * its declaration: each field given each wrong value, and the body broken as JSON, as a
 * type, in depth and in size.
 */
export function hostileCases(route: DeclaredRoute): HostileCase[] {
  const base = baseline(route)
  const cases: HostileCase[] = []
  const basePath = fill(route.path, base.params)
  const baseQuery = new URLSearchParams(
    Object.entries(base.query).map(([k, v]) => [k, String(v)] as [string, string]),
  ).toString()
  const baseBody = base.body === undefined ? undefined : JSON.stringify(base.body)

  // Params: each parameter replaced by each hostile segment.
  for (const name of Object.keys(route.params ? (jsonSchema(route.params).properties ?? {}) : {})) {
    for (const [label, raw] of PARAM_VALUES) {
      const path = route.path
        .replace(/\/\*$/, '/matrix-probe')
        .replace(/:(\w+)/g, (_, p: string) =>
          p === name ? raw : encodeURIComponent(String(base.params[p] ?? UUID)),
        )
      const decoded = decodeOrNull(raw)
      cases.push({
        label: `param ${name} = ${label}`,
        path,
        query: baseQuery,
        body: baseBody,
        // A `.` or `..` segment is resolved by the URL parser before any route sees it, so the
        // request goes to another address, which may be a real route (`/admin/puzzles/../progress`
        // is `/admin/progress`): it must still answer without a 500 or a leak, not fail.
        mustFail:
          raw !== '.' &&
          raw !== '..' &&
          (decoded === null ||
            decoded.includes('\u0000') ||
            refuses(route.params, { ...base.params, [name]: decoded })),
      })
    }
  }

  // Query: each key given each hostile value, and given twice.
  if (route.query) {
    for (const name of Object.keys(jsonSchema(route.query).properties ?? {})) {
      for (const [label, raw] of [...QUERY_VALUES, ...PARAM_VALUES]) {
        const rest = Object.entries(base.query).filter(([k]) => k !== name)
        const query = [
          ...rest.map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`),
          `${name}=${raw}`,
        ].join('&')
        const decoded = decodeOrNull(raw)
        cases.push({
          label: `query ${name} = ${label}`,
          path: basePath,
          query,
          body: baseBody,
          mustFail:
            decoded !== null &&
            (decoded.includes('\u0000') || refuses(route.query, { ...base.query, [name]: decoded })),
        })
      }
      // The shapes other frameworks read as arrays, objects or flags.
      for (const [label, query] of [
        ['twice', `${name}=a&${name}=b`],
        ['as array', `${name}[]=a&${name}[]=b`],
        ['as object', `${name}[$ne]=1`],
        ['without a value', name],
        ['with an encoded key', `${encodeURIComponent(`${name}\u0000`)}=a`],
        ['beside __proto__', `${name}=a&__proto__[admin]=true&__proto__=x`],
        ['beside constructor.prototype', `${name}=a&constructor[prototype][admin]=true`],
      ] as const) {
        const rest = Object.entries(base.query)
          .filter(([k]) => k !== name)
          .map(([k, v]) => `${k}=${encodeURIComponent(String(v))}`)
        cases.push({
          label: `query ${name} ${label}`,
          path: basePath,
          query: [...rest, query].join('&'),
          body: baseBody,
          mustFail: false,
        })
      }
    }
  }

  // Headers: each declared header given each value an HTTP header can carry (a header cannot
  // hold NUL or a line break, so those never reach us), judged by the route's own schema.
  if (route.headers) {
    for (const name of Object.keys(jsonSchema(route.headers).properties ?? {})) {
      for (const [label, value] of HEADER_VALUES) {
        cases.push({
          label: `header ${name} = ${label}`,
          path: basePath,
          query: baseQuery,
          headers: { [name]: value },
          body: baseBody,
          // Fetch trims a header's surrounding whitespace before anyone reads it.
          mustFail: refuses(route.headers, { [name]: value.trim() }),
        })
      }
    }
  }

  // Body: broken as JSON, as a type, in depth and size; then each field given each wrong value.
  if (route.body) {
    const whole: [string, string | undefined, string | null, boolean][] = [
      ['no body', undefined, null, true],
      ['text/plain', baseBody ?? '{}', 'text/plain', true],
      ['form encoded', 'a=1', 'application/x-www-form-urlencoded', true],
      ['malformed JSON', '{"a":', 'application/json', true],
      ['empty JSON', '', 'application/json', true],
      ['JSON null', 'null', 'application/json', refuses(route.body, null)],
      ['JSON array', '[]', 'application/json', refuses(route.body, [])],
      ['JSON string', '"x"', 'application/json', refuses(route.body, 'x')],
      ['JSON number', '42', 'application/json', refuses(route.body, 42)],
      ['JSON NaN', '{"a":NaN}', 'application/json', true],
      ['arrays 10 000 deep', `${'['.repeat(10_000)}${']'.repeat(10_000)}`, 'application/json', true],
      ['objects 10 000 deep', `${'{"a":'.repeat(10_000)}1${'}'.repeat(10_000)}`, 'application/json', true],
      [
        'over the size limit',
        JSON.stringify({ pad: 'x'.repeat(route.bodyLimit + 1024) }),
        'application/json',
        true,
      ],
      [
        '1 MB field',
        JSON.stringify({ ...(base.body as object), pad: 'x'.repeat(1024 * 1024) }),
        'application/json',
        true,
      ],
      ['empty object', '{}', 'application/json', refuses(route.body, {})],
      [
        'extra fields',
        JSON.stringify({ ...(base.body as object), role: 'admin', isAdmin: true, price: 0 }),
        'application/json',
        false,
      ],
      ['UTF-16 declared', baseBody ?? '{}', 'application/json; charset=utf-16', false],
      ['JSON without a content type', baseBody ?? '{}', null, true],
      ['XML', '<?xml version="1.0"?><a>1</a>', 'application/xml', true],
      [
        'multipart',
        '--x\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--x--',
        'multipart/form-data; boundary=x',
        true,
      ],
      ['octet stream', baseBody ?? '{}', 'application/octet-stream', true],
      ['content type with no subtype', baseBody ?? '{}', 'application/', true],
      ['JSON true', 'true', 'application/json', refuses(route.body, true)],
      ['JSON with a BOM', `\ufeff${baseBody ?? '{}'}`, 'application/json', false],
      ['trailing garbage', `${baseBody ?? '{}'}x`, 'application/json', true],
      ['two documents', `${baseBody ?? '{}'}${baseBody ?? '{}'}`, 'application/json', true],
      ['comment', `/* x */${baseBody ?? '{}'}`, 'application/json', true],
      ['trailing comma', '{"a":1,}', 'application/json', true],
      ['single quotes', "{'a':1}", 'application/json', true],
      ['unquoted key', '{a:1}', 'application/json', true],
      ['unterminated string', '{"a":"x', 'application/json', true],
      ['bad escape', '{"a":"\\x41"}', 'application/json', true],
      ['raw control character', '{"a":"\u0001"}', 'application/json', true],
      ['only whitespace', ' \n\t ', 'application/json', true],
      ['deep mixed 10 000', `${'[{"a":'.repeat(5_000)}1${'}]'.repeat(5_000)}`, 'application/json', true],
      ['array 100 000 wide', `[${'0,'.repeat(99_999)}0]`, 'application/json', true],
      [
        'prototype pollution',
        JSON.stringify(base.body ?? {})
          .replace(/^\{/, '{"__proto__":{"role":"admin","isAdmin":true},')
          .replace(/,\}$/, '}'),
        'application/json',
        false,
      ],
      [
        'constructor pollution',
        JSON.stringify(base.body ?? {})
          .replace(/^\{/, '{"constructor":{"prototype":{"isAdmin":true}},')
          .replace(/,\}$/, '}'),
        'application/json',
        false,
      ],
    ]
    for (const [label, body, contentType, mustFail] of whole) {
      cases.push({ label: `body ${label}`, path: basePath, query: baseQuery, body, contentType, mustFail })
    }
    const fields = fieldNames(jsonSchema(route.body))
    for (const name of fields) {
      for (const [label, value] of HOSTILE_VALUES) {
        const candidate = { ...(base.body as object), [name]: value }
        cases.push({
          label: `body ${name} = ${label}`,
          path: basePath,
          query: baseQuery,
          body: JSON.stringify(candidate),
          mustFail: hasNul(value) || refuses(route.body, JSON.parse(JSON.stringify(candidate))),
        })
      }
      // Raw JSON text in the field's place: parsed as JSON does, then judged by the schema.
      for (const [label, raw] of RAW_JSON_VALUES) {
        const text = JSON.stringify({ ...(base.body as object), [name]: RAW_MARK }).replace(
          JSON.stringify(RAW_MARK),
          raw,
        )
        const parsed = parseOrMark(text)
        cases.push({
          label: `body ${name} = ${label}`,
          path: basePath,
          query: baseQuery,
          body: text,
          mustFail: parsed === INVALID || hasNul(parsed) || refuses(route.body, parsed),
        })
      }
      const duplicate = JSON.stringify({ ...(base.body as object), [name]: RAW_MARK }).replace(
        JSON.stringify(RAW_MARK),
        `${JSON.stringify((base.body as Record<string, unknown>)?.[name] ?? 'a')},${JSON.stringify(name)}:{"$ne":1}`,
      )
      cases.push({
        label: `body ${name} twice`,
        path: basePath,
        query: baseQuery,
        body: duplicate,
        mustFail: refuses(route.body, JSON.parse(duplicate)),
      })
      const missing = { ...(base.body as Record<string, unknown>) }
      delete missing[name]
      cases.push({
        label: `body without ${name}`,
        path: basePath,
        query: baseQuery,
        body: JSON.stringify(missing),
        mustFail: refuses(route.body, missing),
      })
    }
  }
  return cases
}

/** One request to a route's address that is not what the route declares. */
export type ProbeCase = {
  label: string
  method: string
  path: string
  query?: string
  body?: string
  contentType?: string
}

/** Every method a client can send (fetch refuses CONNECT, TRACE and TRACK), and one we never serve. */
export const PROBE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND']

// Written as text: an object literal's `__proto__` would set its prototype, not a key.
const POLLUTING_BODY = `{"__proto__":{"role":"admin"},"constructor":{"prototype":{"isAdmin":true}},"email":${JSON.stringify("$&$`$'@example.com")},"name":"a\\u0000b"}`

/**
 * For every route, input or not: each other method at its address, with a polluting JSON
 * body and with broken JSON; and its own method at a mangled address (traversal, doubled
 * slashes, NUL, a trailing slash) or with a polluting query. None of these is the route's
 * contract: the answer may be anything but a 500, and an error gives nothing away.
 */
export function probeCases(route: DeclaredRoute): ProbeCase[] {
  const base = baseline(route)
  const path = fill(route.path, base.params)
  const cases: ProbeCase[] = []
  for (const method of PROBE_METHODS) {
    if (method === route.method) continue
    if (method === 'GET' || method === 'HEAD') {
      cases.push({ label: `${method} instead`, method, path, query: '__proto__[admin]=true&%24%26=%24%60' })
      continue
    }
    cases.push({
      label: `${method} instead, polluting JSON`,
      method,
      path,
      body: POLLUTING_BODY,
      contentType: 'application/json',
    })
    cases.push({
      label: `${method} instead, malformed JSON`,
      method,
      path,
      body: '{"a":[',
      contentType: 'application/json',
    })
  }
  const own = route.method
  const body = route.method === 'GET' ? undefined : JSON.stringify(base.body ?? {})
  for (const [label, mangled] of [
    ['traversal after', `${path}/../../../etc/passwd`],
    ['encoded traversal after', `${path}/..%2F..%2F..%2Fetc%2Fpasswd`],
    ['doubled slashes', path.replace(/\//g, '//')],
    ['trailing slash', `${path}/`],
    ['NUL after', `${path}%00`],
    ['backslashes', path.replace(/\//g, '\\')],
  ] as const)
    cases.push({
      label: `${own} at ${label}`,
      method: own,
      path: mangled,
      body,
      contentType: 'application/json',
    })
  cases.push({
    label: `${own} with a polluting query`,
    method: own,
    path,
    query: '__proto__[role]=admin&constructor[prototype][isAdmin]=true&__proto__.isAdmin=1',
    body,
    contentType: 'application/json',
  })
  return cases
}

const LEAKS = [
  /\n\s+at\s/, // a stack frame
  /node_modules|\/src\/|\.ts:\d+/, // a file path
  /\bselect\b.+\bfrom\b|\binsert into\b|\bupdate\b.+\bset\b|syntax error at/i, // SQL
  /postgres|pglite|drizzle|ZodError|TypeError|RangeError/i,
]

/** Values a header can carry (Latin-1, no NUL or line breaks) that are wrong for most. */
const HEADER_VALUES: [string, string][] = [
  ['empty', ''],
  ['spaces', '   '],
  ['one character', 'a'],
  ['10 KB', 'x'.repeat(10_000)],
  ['65 characters', 'a'.repeat(65)],
  ['SQL', "' OR 1=1; DROP TABLE orders; --"],
  ['traversal', '../../etc/passwd'],
  ['encoded NUL', `${'a'.repeat(20)}%00`],
  ['script', '<script>alert(1)</script>'],
  ['Latin-1', `${'a'.repeat(20)}\u00e9\u00ff`],
  ['comma list', `${'a'.repeat(20)}, ${'b'.repeat(20)}`],
  ['inner spaces', `${'a'.repeat(10)} ${'b'.repeat(10)}`],
  ['JSON', '{"$ne":1}'],
  ['padded UUID', ' 6f1c7a8e-2b7d-4d5e-9f3a-1c2b3d4e5f60 '],
  ['UUID', '6f1c7a8e-2b7d-4d5e-9f3a-1c2b3d4e5f60'],
  ['replacement patterns', `${'a'.repeat(16)}$&$\`$'$$$1`],
]

/** Whether an error answer gives away something about our insides. */
export function leaks(text: string): RegExp | undefined {
  return LEAKS.find((pattern) => pattern.test(text))
}
