/**
 * Card screenshots are measured for brightness so the text laid over them stays readable (spec 1
 * §8, §9): on a light screenshot the overlay is dark, on a dark one light.
 */

/** Above this mean brightness (0 black to 255 white) a screenshot counts as light (spec 1 §9). */
export const BRIGHTNESS_THRESHOLD = 112.5;
/** The screenshot is drawn this small to be measured: enough for an average, cheap to read. */
const SAMPLE_SIZE = 16;

export type ThumbnailTone = "light" | "dark";

/** Mean perceived brightness of RGBA pixels (0.299 R + 0.587 G + 0.114 B); transparent ones are skipped. */
export function averageBrightness(pixels: Uint8ClampedArray): number | null {
  let total = 0;
  let counted = 0;
  for (let i = 0; i + 3 < pixels.length; i += 4) {
    if (pixels[i + 3] === 0) continue;
    total += 0.299 * pixels[i]! + 0.587 * pixels[i + 1]! + 0.114 * pixels[i + 2]!;
    counted += 1;
  }
  return counted === 0 ? null : total / counted;
}

/** Light above the threshold, dark at or below it; no measure, no tone. */
export function thumbnailTone(brightness: number | null): ThumbnailTone | null {
  if (brightness === null) return null;
  return brightness > BRIGHTNESS_THRESHOLD ? "light" : "dark";
}

/**
 * Measures a loaded image. Null when it cannot be read: no canvas, or a screenshot from another
 * origin that does not allow reading its pixels.
 */
export function measureImageBrightness(image: HTMLImageElement): number | null {
  try {
    const canvas = document.createElement("canvas");
    canvas.width = SAMPLE_SIZE;
    canvas.height = SAMPLE_SIZE;
    const context = canvas.getContext("2d", { willReadFrequently: true });
    if (!context) return null;
    context.drawImage(image, 0, 0, SAMPLE_SIZE, SAMPLE_SIZE);
    return averageBrightness(context.getImageData(0, 0, SAMPLE_SIZE, SAMPLE_SIZE).data);
  } catch {
    return null;
  }
}
