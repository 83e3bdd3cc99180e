import { imageSize } from "image-size";
import { describe, expect, it } from "vitest";
import { CARD_HEIGHT, CARD_WIDTH, cardSvg, renderCardImage, wrap } from "./card-image.ts";

const card = { title: "Weather app", label: "React", kind: "Sandbox" as const, color: "#3b82f6" };

describe("the sandbox card image", () => {
  it("S1-7.015 / is a PNG of the card's size, drawn with the title: another title, another image", async () => {
    const png = await renderCardImage(card);
    expect(imageSize(png)).toMatchObject({ type: "png", width: CARD_WIDTH, height: CARD_HEIGHT });
    const other = await renderCardImage({ ...card, title: "Weather apps" });
    expect(other.equals(png)).toBe(false);
  });

  it("S1-7.015 / takes any title: markup is escaped, characters XML forbids are dropped", async () => {
    const title = 'A <b>&amp;</b> "quoted" \u0001 title ☀️';
    const svg = cardSvg({ ...card, title });
    expect(svg).toContain("A &lt;b&gt;&amp;amp;&lt;/b&gt;");
    expect(svg).not.toContain("\u0001");
    expect(svg).not.toContain("<b>");
    expect(imageSize(await renderCardImage({ ...card, title }))).toMatchObject({ width: CARD_WIDTH });
  });

  it("wraps the title by words into at most three lines, the last cut with '...'; accented letters count once", () => {
    expect(wrap("Weather app with a rather long", 12, 3)).toEqual(["Weather app", "with a", "rather long"]);
    expect(wrap("Weather app with a rather long title indeed", 12, 3)).toEqual([
      "Weather app",
      "with a",
      "rather lo...",
    ]);
    expect(wrap("Supercalifragilistic", 8, 3)).toEqual(["Supercal", "ifragili", "stic"]);
    expect(wrap("Cafe\u0301 cre\u0300me", 11, 1)).toEqual(["Café crème"]);
    expect(wrap("   ", 10, 3)).toEqual([]);
  });
});
