import { fireEvent, render } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SandboxCard } from "./ItemCard.tsx";
import { dashboardSandbox } from "./testing.tsx";
import { averageBrightness, thumbnailTone } from "./thumbnailBrightness.ts";

/** A canvas whose pixels are all of one colour: what drawing a flat screenshot gives. */
function stubCanvas(rgb: [number, number, number]) {
  const data = new Uint8ClampedArray(16 * 16 * 4);
  for (let i = 0; i < data.length; i += 4) data.set([...rgb, 255], i);
  vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
    () =>
      ({ drawImage: () => undefined, getImageData: () => ({ data }) }) as unknown as CanvasRenderingContext2D,
  );
}

function renderCard(screenshotUrl: string | null) {
  const { container } = render(
    <SandboxCard sandbox={dashboardSandbox("a", { screenshotUrl })} title={<span>A</span>} more={null} />,
  );
  const thumb = container.firstElementChild as HTMLElement;
  return { thumb, image: container.querySelector("img") };
}

describe("thumbnail brightness", () => {
  it("S1-9.012 / the threshold is 112.5: above it a screenshot is light, at or below it dark", () => {
    expect(thumbnailTone(112.6)).toBe("light");
    expect(thumbnailTone(112.5)).toBe("dark");
    expect(thumbnailTone(null)).toBeNull();
  });

  it("S1-9.012 / brightness is the mean perceived brightness of the pixels; transparent ones do not count", () => {
    const white = [255, 255, 255, 255];
    const black = [0, 0, 0, 255];
    const clear = [255, 255, 255, 0];
    expect(averageBrightness(new Uint8ClampedArray([...white, ...black, ...clear]))).toBeCloseTo(127.5);
    expect(averageBrightness(new Uint8ClampedArray([0, 255, 0, 255]))).toBeCloseTo(149.685);
    expect(averageBrightness(new Uint8ClampedArray(clear))).toBeNull();
  });

  it("S1-9.012 / a card's screenshot is measured when it loads: dark overlay on a light one, light on a dark one", () => {
    stubCanvas([240, 240, 240]);
    const light = renderCard("/api/v1/sandboxes/a/screenshot.png");
    expect(light.thumb.dataset.tone).toBeUndefined();
    fireEvent.load(light.image!);
    expect(light.thumb.dataset.tone).toBe("light");

    stubCanvas([20, 30, 60]);
    const dark = renderCard("/api/v1/sandboxes/b/screenshot.png");
    fireEvent.load(dark.image!);
    expect(dark.thumb.dataset.tone).toBe("dark");
  });

  it("S1-8.029 / a screenshot that fails to load falls back to no brightness measure, and the card to its tile", () => {
    const getContext = vi.spyOn(HTMLCanvasElement.prototype, "getContext");
    const { thumb, image } = renderCard("https://screenshots.example.test/gone.png");
    fireEvent.error(image!);
    expect(thumb.dataset.tone).toBeUndefined();
    expect(getContext).not.toHaveBeenCalled();
    // No broken image: the card shows its template tile instead.
    expect(thumb.querySelector("img")).toBeNull();
    expect(thumb.style.background).not.toBe("");
  });

  it("S1-8.029 / a screenshot whose pixels cannot be read (another origin) gets no measure either", () => {
    vi.spyOn(HTMLCanvasElement.prototype, "getContext").mockImplementation(
      () =>
        ({
          drawImage: () => undefined,
          getImageData: () => {
            throw new DOMException("The canvas has been tainted by cross-origin data.", "SecurityError");
          },
        }) as unknown as CanvasRenderingContext2D,
    );
    const { thumb, image } = renderCard("https://screenshots.example.test/a.png");
    fireEvent.load(image!);
    expect(thumb.dataset.tone).toBeUndefined();
  });
});
