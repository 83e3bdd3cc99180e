import { once } from "node:events";
import type { Writable } from "node:stream";
import { promisify } from "node:util";
import { crc32, deflateRaw } from "node:zlib";

const deflate = promisify(deflateRaw);

/** General-purpose flag bit 11: names are UTF-8. */
const UTF8 = 0x0800;
const STORE = 0;
const DEFLATE = 8;
/** Version made by: UNIX (3) << 8 | spec 2.0, so unzip restores the permission bits below. */
const MADE_BY = (3 << 8) | 20;
const NEEDED = 20;
const FILE_MODE = 0o100644;
const DIR_MODE = 0o040755;

type Entry = {
  name: Buffer;
  method: number;
  crc: number;
  compressedSize: number;
  size: number;
  time: number;
  date: number;
  offset: number;
  external: number;
};

/** MS-DOS time and date fields (2-second resolution, from 1980), in UTC. */
function dosDateTime(at: Date) {
  const d = at.getUTCFullYear() < 1980 ? new Date(Date.UTC(1980, 0, 1)) : at;
  return {
    time: (d.getUTCHours() << 11) | (d.getUTCMinutes() << 5) | (d.getUTCSeconds() >> 1),
    date: ((d.getUTCFullYear() - 1980) << 9) | ((d.getUTCMonth() + 1) << 5) | d.getUTCDate(),
  };
}

/**
 * A ZIP archive written entry by entry into a stream (PKWARE APPNOTE 6.3, no ZIP64): each file is
 * deflated on its own (stored when deflating does not help), its local header and data are
 * written at once, and the central directory closes the archive. Memory holds one file at a time
 * plus the small directory records. Respects back-pressure on `out`.
 */
export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;

  constructor(private readonly out: Writable) {}

  private async write(chunk: Buffer) {
    this.offset += chunk.length;
    if (!this.out.write(chunk)) await once(this.out, "drain");
  }

  private check(extra: number) {
    if (this.entries.length >= 0xffff || this.offset + extra >= 0xffffffff) {
      throw new Error("The archive is too large for a ZIP without ZIP64.");
    }
  }

  async addFile(path: string, content: Buffer | string, modified = new Date()) {
    const data = typeof content === "string" ? Buffer.from(content, "utf8") : content;
    const packed = data.length > 0 ? await deflate(data) : data;
    const method = packed.length < data.length ? DEFLATE : STORE;
    const body = method === DEFLATE ? packed : data;
    this.check(body.length + 30 + path.length);
    await this.addEntry(path, body, {
      method,
      crc: crc32(data),
      size: data.length,
      modified,
      external: (FILE_MODE << 16) >>> 0,
    });
  }

  async addDirectory(path: string, modified = new Date()) {
    const name = path.endsWith("/") ? path : `${path}/`;
    this.check(30 + name.length);
    await this.addEntry(name, Buffer.alloc(0), {
      method: STORE,
      crc: 0,
      size: 0,
      modified,
      external: ((DIR_MODE << 16) | 0x10) >>> 0,
    });
  }

  private async addEntry(
    path: string,
    body: Buffer,
    meta: { method: number; crc: number; size: number; modified: Date; external: number },
  ) {
    const name = Buffer.from(path, "utf8");
    const { time, date } = dosDateTime(meta.modified);
    const entry: Entry = {
      name,
      method: meta.method,
      crc: meta.crc >>> 0,
      compressedSize: body.length,
      size: meta.size,
      time,
      date,
      offset: this.offset,
      external: meta.external,
    };
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(NEEDED, 4);
    header.writeUInt16LE(UTF8, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressedSize, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(name.length, 26);
    header.writeUInt16LE(0, 28);
    this.entries.push(entry);
    await this.write(Buffer.concat([header, name, body]));
  }

  /** Writes the central directory and the end record, then ends the stream. */
  async finish() {
    const start = this.offset;
    const records = this.entries.map((e) => {
      const r = Buffer.alloc(46);
      r.writeUInt32LE(0x02014b50, 0);
      r.writeUInt16LE(MADE_BY, 4);
      r.writeUInt16LE(NEEDED, 6);
      r.writeUInt16LE(UTF8, 8);
      r.writeUInt16LE(e.method, 10);
      r.writeUInt16LE(e.time, 12);
      r.writeUInt16LE(e.date, 14);
      r.writeUInt32LE(e.crc, 16);
      r.writeUInt32LE(e.compressedSize, 20);
      r.writeUInt32LE(e.size, 24);
      r.writeUInt16LE(e.name.length, 28);
      // extra length, comment length, disk number start, internal attributes: 0
      r.writeUInt32LE(e.external, 38);
      r.writeUInt32LE(e.offset, 42);
      return Buffer.concat([r, e.name]);
    });
    const directory = Buffer.concat(records);
    await this.write(directory);
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(this.entries.length, 8);
    end.writeUInt16LE(this.entries.length, 10);
    end.writeUInt32LE(directory.length, 12);
    end.writeUInt32LE(start, 16);
    await this.write(end);
    this.out.end();
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
