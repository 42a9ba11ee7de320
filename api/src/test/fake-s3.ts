import { createHash, randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A small S3-compatible server on 127.0.0.1 for tests: path-style requests for the
 * operations our storage uses (PutObject, GetObject, HeadObject, DeleteObject, the
 * multipart upload calls and CreateBucket), answered with S3's status codes, headers and
 * XML. Requests are parsed as S3 would: a SigV4 `Authorization` header for the expected
 * access key is required (its signature is not verified) and a signed payload hash must
 * match the body. Objects and unfinished multipart uploads are in memory, so a test can
 * see exactly what is left. (s3rver was tried first: it has no AbortMultipartUpload or
 * ListMultipartUploads, so "an aborted upload leaves no parts" could not be tested on it.)
 */
export type FakeS3 = {
  endpoint: string
  bucket: string
  accessKeyId: string
  secretAccessKey: string
  /** Keys of stored objects in `bucket`. */
  keys(): string[]
  /** Multipart uploads started and neither completed nor aborted. */
  pendingUploads(): { key: string; parts: number }[]
  /** While on, every UploadPart answers 500 (a service failing mid-upload, past the SDK's retries). */
  failParts(on: boolean): void
  requests: { method: string; path: string; query: string }[]
  close(): Promise<void>
}

type Upload = { key: string; parts: Map<number, { etag: string; data: Buffer }> }

const xmlEscape = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function sendXml(res: ServerResponse, status: number, xml: string) {
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n${xml}`
  res.writeHead(status, { 'Content-Type': 'application/xml', 'Content-Length': Buffer.byteLength(body) })
  res.end(body)
}

function sendError(res: ServerResponse, status: number, code: string, message: string, head = false) {
  if (head) {
    res.writeHead(status)
    res.end()
    return
  }
  sendXml(
    res,
    status,
    `<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message><RequestId>${randomUUID()}</RequestId></Error>`,
  )
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

const md5 = (data: Buffer) => `"${createHash('md5').update(data).digest('hex')}"`

export async function startFakeS3({
  bucket = 'lamplight-test',
  accessKeyId = 'test-access-key',
  secretAccessKey = 'test-secret-key',
}: {
  bucket?: string
  accessKeyId?: string
  secretAccessKey?: string
} = {}): Promise<FakeS3> {
  const buckets = new Map<string, Map<string, { data: Buffer; etag: string; type: string; at: Date }>>([
    [bucket, new Map()],
  ])
  const uploads = new Map<string, Upload>()
  const requests: FakeS3['requests'] = []
  let failPart = false

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1')
      const method = req.method ?? 'GET'
      const head = method === 'HEAD'
      requests.push({ method, path: url.pathname, query: url.search })

      // Authentication as S3 parses it (AWS4-HMAC-SHA256 Credential=KEY/DATE/REGION/s3/aws4_request, ...).
      const auth = req.headers.authorization ?? ''
      const credential =
        /^AWS4-HMAC-SHA256 Credential=([^/]+)\/\d{8}\/[^/]+\/s3\/aws4_request, ?SignedHeaders=[a-z0-9;-]+, ?Signature=[0-9a-f]{64}$/.exec(
          auth,
        )
      if (!credential || !req.headers['x-amz-date']) {
        return sendError(res, 403, 'AccessDenied', 'Missing or malformed SigV4 authorization', head)
      }
      if (credential[1] !== accessKeyId) {
        return sendError(res, 403, 'InvalidAccessKeyId', 'Unknown access key', head)
      }
      if (req.headers['content-encoding']?.includes('aws-chunked')) {
        return sendError(res, 501, 'NotImplemented', 'aws-chunked bodies are not supported here', head)
      }
      const body = await readBody(req)
      const payloadHash = req.headers['x-amz-content-sha256']
      if (
        typeof payloadHash === 'string' &&
        /^[0-9a-f]{64}$/.test(payloadHash) &&
        createHash('sha256').update(body).digest('hex') !== payloadHash
      ) {
        return sendError(res, 400, 'XAmzContentSHA256Mismatch', 'The body does not match its hash', head)
      }

      // Path style only: /bucket or /bucket/key/with/slashes
      const [, bucketName = '', ...rest] = url.pathname.split('/')
      const key = rest.map(decodeURIComponent).join('/')
      const q = url.searchParams

      if (!key) {
        if (method === 'PUT' && !url.search) {
          if (!buckets.has(bucketName)) buckets.set(bucketName, new Map())
          res.writeHead(200, { Location: `/${bucketName}` })
          return res.end()
        }
        return sendError(res, 501, 'NotImplemented', `${method} on a bucket is not implemented here`, head)
      }
      const objects = buckets.get(bucketName)
      if (!objects) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', head)

      if (method === 'POST' && q.has('uploads')) {
        const uploadId = randomUUID()
        uploads.set(uploadId, { key, parts: new Map() })
        return sendXml(
          res,
          200,
          `<InitiateMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${xmlEscape(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        )
      }
      const uploadId = q.get('uploadId')
      if (uploadId !== null) {
        const upload = uploads.get(uploadId)
        if (!upload || upload.key !== key) {
          return sendError(res, 404, 'NoSuchUpload', 'The specified upload does not exist', head)
        }
        if (method === 'PUT') {
          const partNumber = Number(q.get('partNumber'))
          if (!Number.isInteger(partNumber) || partNumber < 1 || partNumber > 10_000) {
            return sendError(res, 400, 'InvalidArgument', 'Part number must be 1 to 10000')
          }
          if (failPart) {
            return sendError(res, 500, 'InternalError', 'We encountered an internal error. Please try again.')
          }
          const etag = md5(body)
          upload.parts.set(partNumber, { etag, data: body })
          res.writeHead(200, { ETag: etag })
          return res.end()
        }
        if (method === 'DELETE') {
          uploads.delete(uploadId)
          res.writeHead(204)
          return res.end()
        }
        if (method === 'POST') {
          const listed = [...body.toString('utf8').matchAll(/<Part>([\s\S]*?)<\/Part>/g)].map((m) => ({
            number: Number(/<PartNumber>(\d+)<\/PartNumber>/.exec(m[1] ?? '')?.[1]),
            etag: /<ETag>(.*?)<\/ETag>/.exec(m[1] ?? '')?.[1]?.replace(/&quot;/g, '"'),
          }))
          if (!listed.length) return sendError(res, 400, 'MalformedXML', 'No parts listed')
          const datas: Buffer[] = []
          for (const [i, part] of listed.entries()) {
            const stored = upload.parts.get(part.number)
            if (!stored || stored.etag !== part.etag) {
              return sendError(res, 400, 'InvalidPart', `Part ${part.number} was not uploaded`)
            }
            if (i > 0 && part.number <= (listed[i - 1]?.number ?? 0)) {
              return sendError(res, 400, 'InvalidPartOrder', 'Parts must be in ascending order')
            }
            if (i < listed.length - 1 && stored.data.length < 5 * 1024 * 1024) {
              return sendError(res, 400, 'EntityTooSmall', 'A part other than the last is under 5 MiB')
            }
            datas.push(stored.data)
          }
          const data = Buffer.concat(datas)
          const etag = `"${createHash('md5').update(data).digest('hex')}-${listed.length}"`
          objects.set(key, { data, etag, type: 'application/octet-stream', at: new Date() })
          uploads.delete(uploadId)
          return sendXml(
            res,
            200,
            `<CompleteMultipartUploadResult><Bucket>${bucketName}</Bucket><Key>${xmlEscape(key)}</Key><ETag>${xmlEscape(etag)}</ETag></CompleteMultipartUploadResult>`,
          )
        }
        return sendError(res, 405, 'MethodNotAllowed', 'Not allowed on an upload')
      }

      if (method === 'PUT') {
        if (req.headers['x-amz-copy-source']) return sendError(res, 501, 'NotImplemented', 'No copy here')
        const etag = md5(body)
        objects.set(key, {
          data: body,
          etag,
          type: req.headers['content-type'] ?? 'application/octet-stream',
          at: new Date(),
        })
        res.writeHead(200, { ETag: etag })
        return res.end()
      }
      if (method === 'DELETE') {
        objects.delete(key)
        res.writeHead(204)
        return res.end()
      }
      if (method === 'GET' || head) {
        const object = objects.get(key)
        if (!object) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.', head)
        res.writeHead(200, {
          'Content-Type': object.type,
          'Content-Length': object.data.length,
          ETag: object.etag,
          'Last-Modified': object.at.toUTCString(),
          'Accept-Ranges': 'bytes',
        })
        return res.end(head ? undefined : object.data)
      }
      return sendError(res, 405, 'MethodNotAllowed', `${method} is not allowed`, head)
    } catch (error) {
      sendError(res, 500, 'InternalError', String(error))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    accessKeyId,
    secretAccessKey,
    keys: () => [...(buckets.get(bucket)?.keys() ?? [])].sort(),
    pendingUploads: () => [...uploads.values()].map((u) => ({ key: u.key, parts: u.parts.size })),
    failParts: (on) => {
      failPart = on
    },
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The environment that points the API's storage at a fake (or any) S3 server. */
export function s3Env(s3: FakeS3): Record<string, string> {
  return {
    S3_BUCKET: s3.bucket,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: s3.endpoint,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  }
}
