import { pipeline as pipe, Readable } from 'node:stream'
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { assertSafeKey, byteLimit, type FileStorage, TooLargeError } from './index'

export type S3StorageOptions = {
  bucket: string
  region: string
  /** An S3-compatible service (MinIO, R2, Spaces, a test server); unset means AWS itself. */
  endpoint?: string
  /** Both or neither: without them the SDK's own chain (environment, profile, instance role) is used. */
  accessKeyId?: string
  secretAccessKey?: string
  /** `bucket.host/key` (AWS's default) or `host/bucket/key` (most self-hosted services). */
  forcePathStyle?: boolean
  /** Multipart part size for `putStream` (S3's minimum, 5 MiB, unless told otherwise). */
  partSize?: number
}

const MIB = 1024 * 1024

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata?.httpStatusCode === 404
}

/**
 * Files in an S3 bucket (AWS or any S3-compatible service), with the same guarantees as
 * the folder: keys pass `assertSafeKey`; `putStream` counts the bytes itself and, past
 * the limit or when the body fails, aborts so that no object and no multipart part is
 * left; a read streams straight from the service.
 */
export function createS3Storage(options: S3StorageOptions): FileStorage & { client: S3Client } {
  const { bucket } = options
  const partSize = Math.max(options.partSize ?? 5 * MIB, 5 * MIB)
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    credentials:
      options.accessKeyId && options.secretAccessKey
        ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
        : undefined,
    // Checksums only where S3 requires them: the SDK's newer default (trailing CRC32 in an
    // aws-chunked body) is not understood by every S3-compatible service.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  })

  return {
    client,
    async put(key, body) {
      assertSafeKey(key)
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentLength: body.byteLength }),
      )
    },
    async putStream(key, body, opts = {}) {
      assertSafeKey(key)
      const maxBytes = opts.maxBytes ?? Number.POSITIVE_INFINITY
      const counted = { size: 0 }
      // The limit sits between the body and the upload: the first byte past it fails the
      // stream, the upload stops reading and aborts its multipart upload (or never sends
      // its single PUT, which waits for the whole body below one part).
      const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>)
      const limited = pipe(source, byteLimit(maxBytes, counted), () => {})
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: limited },
        partSize,
        queueSize: 2,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
        return { size: counted.size }
      } catch (error) {
        if (counted.size > maxBytes) throw new TooLargeError(maxBytes)
        throw error
      } finally {
        source.destroy()
        limited.destroy()
      }
    },
    async get(key) {
      assertSafeKey(key)
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        if (!out.Body) return null
        return {
          body: out.Body.transformToWebStream() as ReadableStream<Uint8Array>,
          size: out.ContentLength ?? 0,
        }
      } catch (error) {
        if (isMissing(error)) return null
        throw error
      }
    },
    async exists(key) {
      assertSafeKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }))
        return true
      } catch (error) {
        if (isMissing(error)) return false
        throw error
      }
    },
    async delete(key) {
      assertSafeKey(key)
      // S3 answers 204 for a key that is not there, like the folder's delete.
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
  }
}
