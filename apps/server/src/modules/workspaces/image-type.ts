/** The image formats a workspace avatar may be (no SVG: it can carry scripts). */
export type ImageType = "image/png" | "image/jpeg" | "image/gif" | "image/webp";

const ascii = (bytes: Uint8Array, start: number, text: string) =>
  [...text].every((char, i) => bytes[start + i] === char.charCodeAt(0));

/**
 * The image type of some bytes, judged by their structure rather than a declared content type:
 * the signature, and the header that follows it must describe an image of at least 1×1 pixels.
 * Null when the bytes are none of PNG, JPEG, GIF or WebP.
 */
export function detectImageType(bytes: Uint8Array): ImageType | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  // PNG: 8-byte signature, then the IHDR chunk with width and height (big-endian).
  if (bytes.length >= 24 && ascii(bytes, 0, "\x89PNG\r\n\x1a\n") && ascii(bytes, 12, "IHDR")) {
    return view.getUint32(16) > 0 && view.getUint32(20) > 0 ? "image/png" : null;
  }
  // GIF: 'GIF87a' or 'GIF89a', then the logical screen width and height (little-endian).
  if (bytes.length >= 10 && (ascii(bytes, 0, "GIF87a") || ascii(bytes, 0, "GIF89a"))) {
    return view.getUint16(6, true) > 0 && view.getUint16(8, true) > 0 ? "image/gif" : null;
  }
  // WebP: a RIFF container of type WEBP whose first chunk is VP8, VP8L or VP8X.
  if (bytes.length >= 16 && ascii(bytes, 0, "RIFF") && ascii(bytes, 8, "WEBP")) {
    return ["VP8 ", "VP8L", "VP8X"].some((chunk) => ascii(bytes, 12, chunk)) ? "image/webp" : null;
  }
  // JPEG: start of image, then a chain of segments that reaches a start-of-frame with a size.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return jpegHasFrame(bytes, view) ? "image/jpeg" : null;
  }
  return null;
}

function jpegHasFrame(bytes: Uint8Array, view: DataView): boolean {
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return false;
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    const length = view.getUint16(offset + 2);
    if (length < 2) return false;
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC) carry the frame's height and width.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      if (offset + 9 > bytes.length) return false;
      return view.getUint16(offset + 5) > 0 && view.getUint16(offset + 7) > 0;
    }
    offset += 2 + length;
  }
  return false;
}
