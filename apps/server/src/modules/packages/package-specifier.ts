/** A bare import's package: `react-dom/client` → `react-dom`, `@vue/shared/x` → `@vue/shared`. */
export function packageOfSpecifier(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}
