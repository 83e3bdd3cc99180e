/** A console argument as text, the way a browser's console would show it in one line. */
export function formatValue(value: unknown, depth = 0, seen = new WeakSet<object>()): string {
  if (typeof value === "string") return depth === 0 ? value : JSON.stringify(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "symbol" || typeof value === "number" || typeof value === "boolean")
    return String(value);
  if (value === undefined) return "undefined";
  if (value === null) return "null";
  if (typeof value === "function") return `ƒ ${value.name || "anonymous"}()`;
  if (value instanceof Error)
    return value.stack?.split("\n").slice(0, 1).join("") ?? `${value.name}: ${value.message}`;
  if (typeof Element !== "undefined" && value instanceof Element) {
    return `<${value.tagName.toLowerCase()}${value.id ? `#${value.id}` : ""}>`;
  }
  const object = value as object;
  if (seen.has(object)) return "[Circular]";
  if (depth > 3) return Array.isArray(value) ? "[…]" : "{…}";
  seen.add(object);
  if (Array.isArray(value)) {
    const items = value.slice(0, 100).map((item) => formatValue(item, depth + 1, seen));
    if (value.length > 100) items.push(`… ${value.length - 100} more`);
    return `[${items.join(", ")}]`;
  }
  if (value instanceof Map) {
    return `Map(${value.size}) {${[...value]
      .slice(0, 50)
      .map(([k, v]) => `${formatValue(k, depth + 1, seen)} => ${formatValue(v, depth + 1, seen)}`)
      .join(", ")}}`;
  }
  if (value instanceof Set) {
    return `Set(${value.size}) {${[...value]
      .slice(0, 50)
      .map((v) => formatValue(v, depth + 1, seen))
      .join(", ")}}`;
  }
  const entries = Object.entries(object).slice(0, 50);
  const name = object.constructor && object.constructor !== Object ? `${object.constructor.name} ` : "";
  return `${name}{${entries.map(([k, v]) => `${k}: ${formatValue(v, depth + 1, seen)}`).join(", ")}}`;
}

/** console.log's arguments as one text, with its `%s`, `%d`, `%o` substitutions. */
export function formatArguments(args: unknown[]): string {
  if (args.length === 0) return "";
  const [first, ...rest] = args;
  let text: string;
  if (typeof first === "string" && /%[sdifoOc]/.test(first)) {
    text = first.replace(/%([sdifoOc%])/g, (match, kind: string) => {
      if (kind === "%") return "%";
      if (rest.length === 0) return match;
      const next = rest.shift();
      if (kind === "c") return "";
      if (kind === "d" || kind === "i") return String(Number.parseInt(String(next), 10));
      if (kind === "f") return String(Number(next));
      return formatValue(next, kind === "s" ? 0 : 1);
    });
  } else text = formatValue(first);
  return [text, ...rest.map((value) => formatValue(value))].join(" ");
}
