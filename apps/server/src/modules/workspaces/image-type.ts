import { imageSize } from "image-size";

/** The image formats a workspace avatar may be (no SVG: it can carry scripts). */
export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

/** image-size's names of the formats allowed. */
const ALLOWED = new Map<string, ImageType>([
  ["png", "image/png"],
  ["jpg", "image/jpeg"],
  ["gif", "image/gif"],
  ["webp", "image/webp"],
]);

/**
 * The image type of some bytes, judged by their structure rather than a declared content type:
 * image-size must find the format's header and read a size of at least 1×1 pixels from it.
 * Null when the bytes are none of PNG, JPEG, GIF or WebP.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  try {
    const { type, width, height } = imageSize(bytes);
    const contentType = type === undefined ? undefined : ALLOWED.get(type);
    return contentType && width > 0 && height > 0 ? contentType : null;
  } catch {
    return null; // a format image-size does not know, or a header it cannot read a size from
  }
}
