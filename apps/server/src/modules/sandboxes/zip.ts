import { PassThrough, type Writable } from "node:stream";
import { finished } from "node:stream/promises";
import { ZipFile } from "yazl";

const FILE_MODE = 0o100644;
const DIR_MODE = 0o040755;

/**
 * A ZIP archive written entry by entry into a stream, by yazl (which adds the ZIP64 records once
 * an archive passes 65,535 entries or 4 GiB). yazl starts an entry once the one before has been
 * written to `out`, at `out`'s pace, and a call resolves once yazl has taken its entry's data, so
 * memory holds about one file at a time however slow the reader.
 */
export class ZipWriter {
  private readonly zip = new ZipFile();
  private readonly source: PassThrough;
  private failure: Error | null = null;
  /** Rejects the call in progress when the archive fails or its reader goes away. */
  private abort: ((error: Error) => void) | null = null;

  constructor(private readonly out: Writable) {
    this.source = this.zip.outputStream as PassThrough;
    this.zip.on("error", (error: Error) => this.fail(error));
    out.on("close", () => this.fail(new Error("The archive's reader went away.")));
    this.source.pipe(out);
  }

  private fail(error: Error) {
    this.failure ??= error;
    this.abort?.(this.failure);
  }

  private step(start: (done: () => void) => void): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.failure) return reject(this.failure);
      this.abort = reject;
      start(() => {
        this.abort = null;
        resolve();
      });
    });
  }

  addFile(path: string, content: Buffer | string, modified = new Date()) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const options = { mtime: modified, mode: FILE_MODE, size: data.length, compress: data.length > 0 };
    // Lazy: yazl asks for the data once the entries before it are written.
    return this.step((done) =>
      this.zip.addReadStreamLazy(path, options, (give) => {
        const body = new PassThrough().on("end", done);
        give(null, body.end(data));
      }),
    );
  }

  addDirectory(path: string, modified = new Date()) {
    return this.step((done) => {
      this.zip.addEmptyDirectory(path, { mtime: modified, mode: DIR_MODE });
      if (this.source.writableNeedDrain) this.source.once("drain", done);
      else done();
    });
  }

  /** Writes the central directory and the end record; resolves once `out` has taken them. */
  async finish() {
    if (this.failure) throw this.failure;
    this.zip.end();
    await finished(this.out, { readable: false });
  }
}

/** A path segment safe in an archive: no separators, control characters, '.' or '..'. */
export function safeSegment(raw: string | null | undefined, fallback: string): string {
  const cleaned = (raw ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]/g, "-")
    .trim()
    .slice(0, 120);
  if (cleaned === "" || cleaned === "." || cleaned === "..") return fallback;
  return cleaned;
}
