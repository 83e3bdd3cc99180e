import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { assertSafeKey, type FileStorage } from "./storage.port.ts";

/** Files under a directory (the embedded default: BOXYARD_DATA_DIR/uploads). */
export class DiskStorage implements FileStorage {
  readonly kind = "disk" as const;

  constructor(private readonly root: string) {}

  private path(key: string) {
    assertSafeKey(key);
    return join(this.root, ...key.split("/"));
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    // Written whole, then moved in place: a reader never sees half a file.
    const temporary = `${path}.${randomBytes(6).toString("hex")}.part`;
    await writeFile(temporary, body);
    await rename(temporary, path);
  }

  async get(key: string): Promise<Buffer | null> {
    try {
      return await readFile(this.path(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await rm(this.path(key), { force: true });
  }
}
