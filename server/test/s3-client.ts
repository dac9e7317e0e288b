// An AWS SDK client for a test S3 server (s3rver), for tests and benches that reach a bucket behind
// the app's back: seed it, read it back, or check what the app left there.
import { ListPartsCommand, S3Client, type S3ClientConfig } from "@aws-sdk/client-s3";

/** Where the S3 server is and whose keys sign: `s3Env()`, or a started `S3Service`. */
export type S3Access = { endpoint: string; accessKeyId: string; secretAccessKey: string; region?: string };

/**
 * A client addressing buckets by path (s3rver does not serve buckets by host name). `options` adds to
 * or overrides the SDK's settings (a bench's request handler, checksum policy).
 */
export function testS3Client(at: S3Access, options: Partial<S3ClientConfig> = {}): S3Client {
  return new S3Client({
    endpoint: at.endpoint,
    region: at.region ?? "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId: at.accessKeyId, secretAccessKey: at.secretAccessKey },
    ...options,
  });
}

/**
 * Whether the store still holds multipart upload `uploadId` (not yet completed or aborted). s3rver finds an
 * upload by its id alone, so `key` may be any name where the test does not know it.
 */
export async function multipartUploadExists(s3: S3Client, bucket: string, uploadId: string, key = "any") {
  try {
    await s3.send(new ListPartsCommand({ Bucket: bucket, Key: key, UploadId: uploadId }));
    return true;
  } catch (error) {
    if ((error as Error).name === "NoSuchUpload") return false;
    throw error;
  }
}
