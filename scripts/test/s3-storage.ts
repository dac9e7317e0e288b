// The body of `POST /api/s3-configs` that adds an S3 storage on a test S3 server (s3rver, or any
// path-style endpoint): one place for its field names, used by the server's tests, the end-to-end
// harness and specs, the benchmarks and the hardening kit.

/** Where the bucket is and how to sign for it: a started S3Service, or the test command's s3Env(). */
export type S3Place = {
  endpoint: string;
  bucket: string;
  /** us-east-1 when unset (s3rver answers any region). */
  region?: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An S3-compatible storage named `name` on `s3`, path style; `fields` adds to or replaces its fields. */
export function s3StorageBody(name: string, s3: S3Place, fields: Record<string, unknown> = {}) {
  return {
    name,
    provider_type: "Other S3 Compatible",
    endpoint_url: s3.endpoint,
    bucket_name: s3.bucket,
    region: s3.region ?? "us-east-1",
    access_key_id: s3.accessKeyId,
    secret_access_key: s3.secretAccessKey,
    path_style: true,
    ...fields,
  };
}
