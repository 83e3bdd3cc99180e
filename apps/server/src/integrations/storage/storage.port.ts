/**
 * Where uploaded files' bytes live. The database keeps what a file is (name, size, owner); the
 * storage keeps its bytes under a key made by the uploads service (`<userId>/<uploadId>`).
 */
export interface FileStorage {
  readonly kind: "disk" | "s3";
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The bytes, or null when nothing is stored under the key. */
  get(key: string): Promise<Buffer | null>;
  /** Removes the bytes; removing a missing key is not an error. */
  delete(key: string): Promise<void>;
}

/** Keys are made of ids: letters, digits, '-' and '/' between parts, never '..'. */
export function assertSafeKey(key: string): void {
  if (!/^[a-zA-Z0-9-]+(\/[a-zA-Z0-9-]+)*$/.test(key)) throw new Error(`Unsafe storage key: ${key}`);
}
