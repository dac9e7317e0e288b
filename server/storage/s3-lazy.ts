// The S3 driver behind a loader: the AWS SDK (~12 MiB resident, a tenth of a second to load) is
// imported the first time an S3 config is used, so a server on local storage never loads it.
import type { StorageDriver } from "./driver";
import type { S3DriverOptions } from "./s3";

export function createLazyS3Driver(options: S3DriverOptions): StorageDriver {
  let driver: Promise<StorageDriver> | null = null;
  const load = () => {
    driver ??= import("./s3").then(({ createS3Driver }) => createS3Driver(options));
    return driver;
  };
  return {
    kind: "s3",
    presignPut: async (...args) => (await load()).presignPut(...args),
    presignGet: async (...args) => (await load()).presignGet(...args),
    createMultipartUpload: async (...args) => (await load()).createMultipartUpload(...args),
    presignUploadPart: async (...args) => (await load()).presignUploadPart(...args),
    uploadPart: async (...args) => (await load()).uploadPart(...args),
    listParts: async (...args) => (await load()).listParts(...args),
    completeMultipartUpload: async (...args) => (await load()).completeMultipartUpload(...args),
    abortMultipartUpload: async (...args) => (await load()).abortMultipartUpload(...args),
    getCorsRules: async () => (await load()).getCorsRules(),
    put: async (...args) => (await load()).put(...args),
    get: async (...args) => (await load()).get(...args),
    head: async (...args) => (await load()).head(...args),
    delete: async (...args) => (await load()).delete(...args),
    deleteMany: async (...args) => (await load()).deleteMany(...args),
    list: async (...args) => (await load()).list(...args),
    copy: async (...args) => (await load()).copy(...args),
  };
}
