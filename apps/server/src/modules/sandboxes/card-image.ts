import { createRequire } from "node:module";
import { renderAsync } from "@resvg/resvg-js";

/** Changes whenever the drawing does: the card's ETag carries it. */
export const CARD_IMAGE_VERSION = 2;
export const CARD_WIDTH = 640;
export const CARD_HEIGHT = 360;
const MARGIN = 40;
const TITLE_SIZE = 44;
const LABEL_SIZE = 22;
const BADGE_SIZE = 16;
/** DejaVu Sans Mono's advance (1233/2048 em): every character is as wide, so lines wrap by count. */
const ADVANCE = 1233 / 2048;

const resolve = createRequire(import.meta.url).resolve;
const FONT_FILES = [
  resolve("dejavu-fonts-ttf/ttf/DejaVuSansMono.ttf"),
  resolve("dejavu-fonts-ttf/ttf/DejaVuSansMono-Bold.ttf"),
];

type Rgb = readonly [number, number, number];

function rgb(hex: string): Rgb {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb =>
  [0, 1, 2].map((i) => Math.round(a[i]! * (1 - t) + b[i]! * t)) as unknown as Rgb;

const css = ([r, g, b]: Rgb) => `rgb(${r},${g},${b})`;

/** Relative luminance (WCAG), to pick dark or light text over the background. */
function luminance([r, g, b]: Rgb): number {
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

/** Text for an SVG text node: composed characters, no characters XML forbids, markup escaped. */
function svgText(text: string): string {
  return (
    text
      .normalize("NFC")
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f\ufffe\uffff]/g, " ")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
  );
}

/** Characters as the card counts them (code points, composed). */
const characters = (text: string) => [...text.normalize("NFC")];

/** Words into at most `maxLines` lines of `perLine` characters; the last one ends in '...' when cut. */
export function wrap(text: string, perLine: number, maxLines: number): string[] {
  const lines: string[] = [];
  let words = text.split(/\s+/).filter(Boolean).map(characters);
  while (words.length > 0 && lines.length < maxLines) {
    let line: string[] = [];
    while (words.length > 0) {
      const word = words[0]!;
      const next = line.length > 0 ? [...line, " ", ...word] : word;
      if (next.length <= perLine) {
        line = next;
        words = words.slice(1);
      } else if (line.length === 0) {
        line = word.slice(0, perLine);
        words = [word.slice(perLine), ...words.slice(1)];
        break;
      } else break;
    }
    lines.push(line.join(""));
  }
  if (words.length > 0 && lines.length > 0) {
    const last = characters(lines[lines.length - 1]!);
    lines[lines.length - 1] = `${last
      .slice(0, Math.max(0, perLine - 3))
      .join("")
      .trimEnd()}...`;
  }
  return lines;
}

export type CardImage = {
  title: string;
  /** What it was made from, e.g. the template's name. */
  label: string;
  kind: "Sandbox" | "Devbox";
  /** Hex background colour (#rrggbb). */
  color: string;
};

/** The card as SVG: the template's colour, its name and the kind at the top, the title below. */
export function cardSvg(card: CardImage): string {
  const background = rgb(card.color);
  const ink: Rgb = luminance(background) > 0.45 ? [15, 15, 16] : [255, 255, 255];
  const kind = card.kind.toUpperCase();
  const badgeWidth = Math.ceil(kind.length * ADVANCE * BADGE_SIZE) + 20;
  const badgeX = CARD_WIDTH - MARGIN - badgeWidth;
  const perLine = Math.floor((CARD_WIDTH - 2 * MARGIN) / (ADVANCE * TITLE_SIZE));
  const lines = wrap(card.title, perLine, 3);
  const lineHeight = Math.round(TITLE_SIZE * 1.25);
  const lastBaseline = CARD_HEIGHT - MARGIN;
  const title = lines
    .map((line, i) => {
      const y = lastBaseline - (lines.length - 1 - i) * lineHeight;
      return `<text x="${MARGIN}" y="${y}" font-size="${TITLE_SIZE}" font-weight="bold" fill="${css(ink)}">${svgText(line)}</text>`;
    })
    .join("");
  const label = wrap(card.label, 30, 1)[0] ?? "";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" font-family="DejaVu Sans Mono" xml:space="preserve">`,
    `<rect width="100%" height="100%" fill="${css(background)}"/>`,
    `<text x="${MARGIN}" y="${MARGIN + LABEL_SIZE * 0.8}" font-size="${LABEL_SIZE}" fill="${css(mix(background, ink, 0.7))}">${svgText(label)}</text>`,
    `<rect x="${badgeX}" y="${MARGIN - 6}" width="${badgeWidth}" height="${BADGE_SIZE + 12}" rx="4" fill="${css(mix(background, ink, 0.85))}"/>`,
    `<text x="${badgeX + 10}" y="${MARGIN + BADGE_SIZE * 0.8}" font-size="${BADGE_SIZE}" font-weight="bold" fill="${css(background)}">${kind}</text>`,
    title,
    "</svg>",
  ].join("");
}

/**
 * The fallback card image of a sandbox (spec 1 §7 screenshot.png), a PNG drawn by resvg with the
 * DejaVu Sans Mono font the server ships (no system fonts), off the main thread.
 */
export async function renderCardImage(card: CardImage): Promise<Buffer> {
  const image = await renderAsync(cardSvg(card), {
    font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: "DejaVu Sans Mono" },
  });
  return image.asPng();
}
