import { describe, expect, it } from "vitest";
import {
  contrastingInk,
  DEFAULT_TEMPLATE_ICON,
  isIconImage,
  normalizeTemplateColor,
  normalizeTemplateIcon,
  OFFICIAL_TEMPLATES,
  POPULAR_TEMPLATE_IDS,
  runsOnLabel,
  TEMPLATE_ICON_STYLES,
  TEMPLATE_ICONS,
} from "./templates.ts";

describe("official templates", () => {
  it("S1-3.014 S2-3.001 / every entry has what the create screen needs: id, alias, title, description, tags, colour, a built-in icon, browser or server", () => {
    expect(OFFICIAL_TEMPLATES.length).toBeGreaterThanOrEqual(15);
    for (const t of OFFICIAL_TEMPLATES) {
      expect(t.id, t.id).toMatch(/^[a-z0-9-]+$/);
      expect(t.alias, t.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(t.title.trim(), t.id).not.toBe("");
      expect(t.description.length, t.id).toBeGreaterThan(10);
      expect(t.tags.length, t.id).toBeGreaterThan(0);
      for (const tag of t.tags) expect(tag, t.id).toMatch(/^[a-z0-9-]+$/);
      expect(new Set(t.tags).size, t.id).toBe(t.tags.length);
      expect(normalizeTemplateColor(t.color), t.id).toBe(t.color);
      expect(TEMPLATE_ICONS, t.id).toContain(t.iconUrl);
      expect(["browser", "server"], t.id).toContain(t.runtime);
      expect(t.sourceTemplate, t.id).toMatch(/^[a-z0-9-]+$/);
    }
    const ids = OFFICIAL_TEMPLATES.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(new Set(OFFICIAL_TEMPLATES.map((t) => t.alias)).size).toBe(ids.length);
  });

  it("S1-3.046 / the named catalogue templates are there: react, react with TypeScript, vue, preact, svelte, angular, solid, static, next, nuxt, node, remix; plus vanilla JavaScript, Python and a Dockerfile", () => {
    const sources = OFFICIAL_TEMPLATES.map((t) => t.sourceTemplate);
    for (const name of [
      "react",
      "react-ts",
      "vue",
      "preact",
      "svelte",
      "angular",
      "solid",
      "static",
      "vanilla",
      "node",
      "next",
      "nuxt",
      "remix",
      "python",
      "docker",
    ]) {
      expect(sources).toContain(name);
    }
    const runtime = (source: string) => OFFICIAL_TEMPLATES.find((t) => t.sourceTemplate === source)?.runtime;
    expect(runtime("react")).toBe("browser");
    expect(runtime("static")).toBe("browser");
    expect(runtime("node")).toBe("server");
    expect(runtime("docker")).toBe("server");
  });

  it("S2-2.008 / 'Popular' is taken from a fixed list of 9 official template ids", () => {
    expect(POPULAR_TEMPLATE_IDS).toHaveLength(9);
    const ids = OFFICIAL_TEMPLATES.map((t) => t.id);
    for (const id of POPULAR_TEMPLATE_IDS) expect(ids).toContain(id);
  });

  it("S2-2.011 / cards show 'Runs on browser' or 'Runs on server'", () => {
    expect(runsOnLabel("browser")).toBe("Runs on browser");
    expect(runsOnLabel("server")).toBe("Runs on server");
  });
});

describe("template colour and icon", () => {
  it("S1-3.046 / react is the default icon; a value starting with https:// is an image, anything else a built-in icon name", () => {
    expect(DEFAULT_TEMPLATE_ICON).toBe("react");
    expect(TEMPLATE_ICONS[0]).toBe("react");
    expect(isIconImage("https://cdn.example.test/icon.svg")).toBe(true);
    expect(isIconImage("vue")).toBe(false);
    expect(isIconImage("http://cdn.example.test/icon.svg")).toBe(false);
    expect(isIconImage(null)).toBe(false);
  });

  it("S1-3.013 / colours are hex (#abc or #aabbcc, stored lowercase in six digits); icons built-in names or https addresses", () => {
    expect(normalizeTemplateColor("#61DAFB")).toBe("#61dafb");
    expect(normalizeTemplateColor(" #abc ")).toBe("#aabbcc");
    expect(normalizeTemplateColor("red")).toBeNull();
    expect(normalizeTemplateColor("#12345")).toBeNull();
    expect(normalizeTemplateColor("61dafb")).toBeNull();
    expect(normalizeTemplateIcon("svelte")).toBe("svelte");
    expect(normalizeTemplateIcon("https://cdn.example.test/a.svg")).toBe("https://cdn.example.test/a.svg");
    expect(normalizeTemplateIcon("http://cdn.example.test/a.svg")).toBeNull();
    expect(normalizeTemplateIcon("javascript:alert(1)")).toBeNull();
    expect(normalizeTemplateIcon("https://")).toBeNull();
    expect(normalizeTemplateIcon("not-an-icon")).toBeNull();
    expect(normalizeTemplateIcon(`https://a.test/${"x".repeat(2100)}`)).toBeNull();
  });
});

describe("built-in icons", () => {
  it("S1-3.046 / every built-in icon has a colour and a mark, drawn in ink that reads on it", () => {
    for (const name of TEMPLATE_ICONS) {
      const style = TEMPLATE_ICON_STYLES[name];
      expect(normalizeTemplateColor(style.color), name).toBe(style.color);
      expect(style.mark.length, name).toBeGreaterThanOrEqual(1);
      expect(style.mark.length, name).toBeLessThanOrEqual(2);
    }
    expect(contrastingInk("#f7df1e")).toBe("#0f0f10");
    expect(contrastingInk("#311c87")).toBe("#ffffff");
  });
});
