import { crc32, deflateSync } from "node:zlib";
import { drawableText, GLYPH_HEIGHT, GLYPH_WIDTH, glyph } from "./bitmap-font.ts";

export const CARD_WIDTH = 640;
export const CARD_HEIGHT = 360;
const MARGIN = 40;

type Rgb = readonly [number, number, number];

function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! * (1 - t) + b[i]! * t)) as unknown as Rgb;

/** Relative luminance (WCAG), to pick dark or light text over the background. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

class Canvas {
  readonly pixels: Buffer;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
  }

  fill(x: number, y: number, w: number, h: number, color: Rgb) {
    for (let row = Math.max(0, y); row < Math.min(this.height, y + h); row++) {
      for (let col = Math.max(0, x); col < Math.min(this.width, x + w); col++) {
        const at = (row * this.width + col) * 3;
        this.pixels[at] = color[0];
        this.pixels[at + 1] = color[1];
        this.pixels[at + 2] = color[2];
      }
    }
  }

  text(text: string, x: number, y: number, scale: number, color: Rgb) {
    let left = x;
    for (const char of text) {
      const rows = glyph(char);
      for (const [r, row] of rows.entries()) {
        for (const [c, on] of row.entries()) {
          if (on) this.fill(left + c * scale, y + r * scale, scale, scale, color);
        }
      }
      left += (GLYPH_WIDTH + 1) * scale;
    }
  }
}

const textWidth = (text: string, scale: number) =>
  Math.max(0, text.length * (GLYPH_WIDTH + 1) * scale - scale);

/** Words into at most `maxLines` lines of `perLine` characters; the last one ends in '...' when cut. */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let words = text.split(/\s+/).filter(Boolean);
  while (words.length > 0 && lines.length < maxLines) {
    let line = "";
    while (words.length > 0) {
      const word = words[0]!;
      const next = line ? `${line} ${word}` : word;
      if (next.length <= perLine) {
        line = next;
        words = words.slice(1);
      } else if (!line) {
        line = word.slice(0, perLine);
        words = [word.slice(perLine), ...words.slice(1)];
        break;
      } else break;
    }
    lines.push(line);
  }
  if (words.length > 0 && lines.length > 0) {
    const last = lines[lines.length - 1]!;
    lines[lines.length - 1] = `${last.slice(0, Math.max(0, perLine - 3)).trimEnd()}...`;
  }
  return lines;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** An 8-bit RGB PNG (no filtering, deflated). */
function encodePng(canvas: Canvas): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(canvas.width, 0);
  header.writeUInt32BE(canvas.height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const stride = canvas.width * 3;
  const raw = Buffer.alloc((stride + 1) * canvas.height);
  for (let row = 0; row < canvas.height; row++) {
    raw[row * (stride + 1)] = 0; // filter: none
    canvas.pixels.copy(raw, row * (stride + 1) + 1, row * stride, (row + 1) * stride);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(raw, { level: 9 })),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export type CardImage = {
  title: string;
  /** What it was made from, e.g. the template's name. */
  label: string;
  kind: "Sandbox" | "Devbox";
  /** Hex background colour (#rrggbb). */
  color: string;
};

/**
 * The fallback card image of a sandbox (spec 1 §7 screenshot.png): the template's colour, its name
 * and the kind at the top, the title in large letters below.
 */
export function renderCardImage(card: CardImage): Buffer {
  const canvas = new Canvas(CARD_WIDTH, CARD_HEIGHT);
  const background = rgb(card.color);
  const dark = luminance(background) > 0.45;
  const ink: Rgb = dark ? [15, 15, 16] : [255, 255, 255];
  const soft = mix(background, ink, 0.7);
  canvas.fill(0, 0, CARD_WIDTH, CARD_HEIGHT, background);

  const label = drawableText(card.label).slice(0, 24);
  canvas.text(label, MARGIN, MARGIN, 3, soft);

  const kind = card.kind.toUpperCase();
  const badgeScale = 2;
  const badgeWidth = textWidth(kind, badgeScale) + 20;
  const badgeX = CARD_WIDTH - MARGIN - badgeWidth;
  canvas.fill(badgeX, MARGIN - 6, badgeWidth, GLYPH_HEIGHT * badgeScale + 12, mix(background, ink, 0.85));
  canvas.text(kind, badgeX + 10, MARGIN, badgeScale, background);

  const scale = 5;
  const perLine = Math.floor((CARD_WIDTH - 2 * MARGIN + scale) / ((GLYPH_WIDTH + 1) * scale));
  const lines = wrap(drawableText(card.title), perLine, 3);
  const lineHeight = (GLYPH_HEIGHT + 3) * scale;
  const top = CARD_HEIGHT - MARGIN - lines.length * lineHeight + 3 * scale;
  for (const [i, line] of lines.entries()) canvas.text(line, MARGIN, top + i * lineHeight, scale, ink);
  return encodePng(canvas);
}
