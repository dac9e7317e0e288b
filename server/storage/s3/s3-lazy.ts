// The S3 driver behind a loader: the AWS SDK (~12 MiB resident, a tenth of a second to load) is
// imported the first time an S3 config is used, so a server on local storage never loads it.
import type { StorageDriver } from "../driver";
import type { S3DriverOptions } from "./s3";

type ForwardedMethod = Exclude<keyof StorageDriver, "kind" | "purgeTemp" | "walk" | "walkKeys">;

/**
 * The driver's methods, each forwarded to the loaded S3 driver. `satisfies` makes the typecheck fail
 * when the interface gains a method this list lacks (purgeTemp, walk and walkKeys are local storage's own).
 */
const FORWARDED_METHODS = {
  presignPut: true,
  presignGet: true,
  createMultipartUpload: true,
  presignUploadPart: true,
  uploadPart: true,
  listParts: true,
  completeMultipartUpload: true,
  abortMultipartUpload: true,
  getCorsRules: true,
  put: true,
  get: true,
  head: true,
  delete: true,
  deleteMany: true,
  list: true,
  copy: true,
} satisfies Record<ForwardedMethod, true>;

export function createLazyS3Driver(options: S3DriverOptions): StorageDriver {
  let driver: Promise<StorageDriver> | null = null;
  const load = () => {
    driver ??= import("./s3").then(({ createS3Driver }) => createS3Driver(options));
    return driver;
  };
  const forward =
    (name: ForwardedMethod) =>
    async (...args: unknown[]) => {
      const loaded = await load();
      return (loaded[name] as (...args: unknown[]) => Promise<unknown>).apply(loaded, args);
    };
  const methods = Object.keys(FORWARDED_METHODS).map((name) => [name, forward(name as ForwardedMethod)]);
  return { kind: "s3", ...Object.fromEntries(methods) } as StorageDriver;
}
