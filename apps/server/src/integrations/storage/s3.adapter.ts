import type { S3Client } from "@aws-sdk/client-s3";
import { assertSafeKey, type FileStorage } from "./storage.port.ts";

export type S3Settings = {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, R2, Ceph...); unset for AWS itself. */
  endpoint?: string | undefined;
  accessKeyId?: string | undefined;
  secretAccessKey?: string | undefined;
  /** Bucket in the path rather than the host name (most self-hosted servers want this). */
  forcePathStyle: boolean;
  /** A prefix put before every key, e.g. "boxyard/". */
  prefix: string;
};

type Sdk = typeof import("@aws-sdk/client-s3");

/**
 * Files in an S3 bucket, or any server speaking the S3 protocol (BOXYARD_S3_* settings). The AWS
 * SDK is loaded on first use, so that installations keeping files on disk never pay for it at start.
 */
export class S3Storage implements FileStorage {
  readonly kind = "s3" as const;
  private loaded: Promise<{ sdk: Sdk; client: S3Client }> | null = null;

  constructor(private readonly settings: S3Settings) {}

  private load() {
    this.loaded ??= import("@aws-sdk/client-s3").then((sdk) => ({
      sdk,
      client: new sdk.S3Client({
        region: this.settings.region,
        forcePathStyle: this.settings.forcePathStyle,
        ...(this.settings.endpoint ? { endpoint: this.settings.endpoint } : {}),
        ...(this.settings.accessKeyId && this.settings.secretAccessKey
          ? {
              credentials: {
                accessKeyId: this.settings.accessKeyId,
                secretAccessKey: this.settings.secretAccessKey,
              },
            }
          : {}),
      }),
    }));
    return this.loaded;
  }

  private key(key: string) {
    assertSafeKey(key);
    return `${this.settings.prefix}${key}`;
  }

  async put(key: string, body: Buffer, contentType: string): Promise<void> {
    const Key = this.key(key);
    const { sdk, client } = await this.load();
    await client.send(
      new sdk.PutObjectCommand({ Bucket: this.settings.bucket, Key, Body: body, ContentType: contentType }),
    );
  }

  async get(key: string): Promise<Buffer | null> {
    const Key = this.key(key);
    const { sdk, client } = await this.load();
    try {
      const answer = await client.send(new sdk.GetObjectCommand({ Bucket: this.settings.bucket, Key }));
      if (!answer.Body) return null;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof sdk.NoSuchKey || (error as { name?: string }).name === "NoSuchKey") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    const Key = this.key(key);
    const { sdk, client } = await this.load();
    await client.send(new sdk.DeleteObjectCommand({ Bucket: this.settings.bucket, Key }));
  }
}
