import type { Config } from '../config'
import { createLocalStorage, type FileStorage } from './index'
import { createS3Storage } from './s3'

/** The storage the configuration names: an S3 bucket when S3_BUCKET is set, else the folder. */
export function createStorage(config: Pick<Config, 'storage'>): FileStorage {
  const s = config.storage
  return s.driver === 's3' ? createS3Storage(s) : createLocalStorage(s.dir)
}

/** For logs and the start-up banner: where files go, without credentials. */
export function describeStorage(config: Pick<Config, 'storage'>): string {
  const s = config.storage
  return s.driver === 's3'
    ? `S3 bucket ${s.bucket}${s.endpoint ? ` at ${s.endpoint}` : ` (${s.region})`}`
    : `folder ${s.dir}`
}
