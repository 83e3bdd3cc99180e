import { chunkLoadFailedMessage } from "@boxyard/domain";
import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** A script piece times out after 120 seconds (spec 1 §9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export type ChunkFailureType = "missing" | "timeout";
export type ChunkErrorCode = "CHUNK_LOAD_FAILED" | "CSS_CHUNK_LOAD_FAILED";

/** A page piece that could not be loaded (spec 1 §8): 'Loading chunk {name} failed'. */
export class ChunkLoadError extends Error {
  override readonly name = "ChunkLoadError";
  readonly chunk: string;
  readonly type: ChunkFailureType;
  readonly code: ChunkErrorCode;

  constructor(chunk: string, type: ChunkFailureType, code: ChunkErrorCode, cause?: unknown) {
    super(chunkLoadFailedMessage(chunk), { cause });
    this.chunk = chunk;
    this.type = type;
    this.code = code;
  }
}

/** Vite's preload helper rejects with 'Unable to preload CSS for …' when a stylesheet piece fails. */
export function isCssChunkFailure(error: unknown): boolean {
  return error instanceof Error && /preload CSS|CSS chunk|stylesheet/i.test(error.message);
}

/** Loads a piece with the 120 s timeout, turning failures into a ChunkLoadError. */
export function loadChunk<T>(
  name: string,
  importer: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      reject(new ChunkLoadError(name, "timeout", "CHUNK_LOAD_FAILED"));
    }, timeoutMs);
    importer().then(
      (module) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        resolve(module);
      },
      (error: unknown) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        const css = isCssChunkFailure(error);
        reject(
          new ChunkLoadError(name, "missing", css ? "CSS_CHUNK_LOAD_FAILED" : "CHUNK_LOAD_FAILED", error),
        );
      },
    );
  });
}

/** A page that can be fetched before it renders (`preloadRoute` starts the first page's pieces at once). */
export type LazyPage = LazyExoticComponent<ComponentType> & { preload: () => Promise<unknown> };

/** A route page loaded in its own piece: `lazyPage("signin", () => import("…"), "SignInPage")`. */
export function lazyPage<M extends Record<string, unknown>, K extends keyof M & string>(
  name: string,
  importer: () => Promise<M>,
  exportName: K,
): LazyPage {
  let loading: Promise<M> | undefined;
  const load = () => {
    loading ??= loadChunk(name, importer).catch((error: unknown) => {
      loading = undefined; // a later render tries again
      throw error;
    });
    return loading;
  };
  const page = lazy(async () => ({ default: (await load())[exportName] as ComponentType }));
  return Object.assign(page, { preload: load });
}
