import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import type { Plugin } from "vite";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|webmanifest|txt|xml)$/i;
/** Below this a compressed copy saves less than its extra request headers cost. */
const MIN_BYTES = 1024;

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? filesUnder(path) : Promise.resolve([path]);
    }),
  );
  return nested.flat();
}

/** Writes `<file>.br` and `<file>.gz` beside `file` when they are smaller than it. */
export async function precompressFile(file: string): Promise<void> {
  const body = await readFile(file);
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  await Promise.all([
    br.length < body.length ? writeFile(`${file}.br`, br) : null,
    gz.length < body.length ? writeFile(`${file}.gz`, gz) : null,
  ]);
}

/**
 * After the build, every text file of the output (the bundle and the copied public/ files) gets a
 * brotli and a gzip copy, which the server sends to browsers that accept them: compressed once at
 * the highest level here, instead of on every response.
 */
export function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "boxyard:precompress",
    apply: "build",
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await filesUnder(outDir)).filter((file) => COMPRESSIBLE.test(file));
      const large = [];
      for (const file of files) if ((await stat(file)).size >= MIN_BYTES) large.push(file);
      await Promise.all(large.map(precompressFile));
    },
  };
}
