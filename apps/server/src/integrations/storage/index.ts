import { join } from "node:path";
import type { Config } from "../../config.ts";
import { DiskStorage } from "./disk.adapter.ts";
import { S3Storage } from "./s3.adapter.ts";
import type { FileStorage } from "./storage.port.ts";

/** S3-compatible storage when BOXYARD_S3_BUCKET is set; otherwise files in BOXYARD_DATA_DIR/uploads. */
export function createStorage(config: Config): FileStorage {
  if (config.s3) return new S3Storage(config.s3);
  return new DiskStorage(join(config.dataDir, "uploads"));
}
