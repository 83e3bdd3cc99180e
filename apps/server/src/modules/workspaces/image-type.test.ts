import { describe, expect, it } from "vitest";
import { GIF_1X1, JPEG_1X1, PNG_1X1, WEBP_1X1 } from "./image-fixtures.ts";
import { detectImageType } from "./image-type.ts";

describe("detectImageType", () => {
  it("recognises PNG, JPEG, GIF and WebP by their bytes", () => {
    expect(detectImageType(PNG_1X1)).toBe("image/png");
    expect(detectImageType(JPEG_1X1)).toBe("image/jpeg");
    expect(detectImageType(GIF_1X1)).toBe("image/gif");
    expect(detectImageType(WEBP_1X1)).toBe("image/webp");
  });

  it("refuses what only starts like an image: a bare signature, a zero-sized header, a JPEG with no frame", () => {
    expect(detectImageType(PNG_1X1.subarray(0, 8))).toBeNull();
    const zeroWidth = Buffer.from(PNG_1X1);
    zeroWidth.writeUInt32BE(0, 16);
    expect(detectImageType(zeroWidth)).toBeNull();
    expect(detectImageType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46]))).toBeNull();
    expect(detectImageType(Buffer.from("RIFF\0\0\0\0WEBPJUNK"))).toBeNull();
  });

  it("refuses SVG, text and empty bodies", () => {
    expect(
      detectImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>')),
    ).toBeNull();
    expect(detectImageType(Buffer.from("hello"))).toBeNull();
    expect(detectImageType(Buffer.alloc(0))).toBeNull();
  });
});
