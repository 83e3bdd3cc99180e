type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export function camelCase(key: string): string {
  return key.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

export function snakeCase(key: string): string {
  return key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== "object") return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}

function convertKeys(value: unknown, convert: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => convertKeys(item, convert));
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) out[convert(key)] = convertKeys(inner, convert);
  return out;
}

/** Deeply renames object keys from snake_case to camelCase (arrays and nested objects included). */
export function camelizeKeys<T = Json>(value: unknown): T {
  return convertKeys(value, camelCase) as T;
}

/** Deeply renames object keys from camelCase to snake_case. */
export function decamelizeKeys<T = Json>(value: unknown): T {
  return convertKeys(value, snakeCase) as T;
}
