// Loose readers for JSON on the wire (upstream answers, pass-through bodies): unknown fields are
// ignored, wrong types read as absent.

export type JsonObject = Record<string, unknown>;

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function objectAt(value: unknown, key: string): JsonObject | undefined {
  if (!isJsonObject(value)) return undefined;
  const child = value[key];
  return isJsonObject(child) ? child : undefined;
}

export function arrayAt(value: unknown, key: string): unknown[] {
  if (!isJsonObject(value)) return [];
  const child = value[key];
  return Array.isArray(child) ? child : [];
}

export function stringAt(value: unknown, key: string): string | undefined {
  if (!isJsonObject(value)) return undefined;
  const child = value[key];
  return typeof child === 'string' ? child : undefined;
}

export function numberAt(value: unknown, key: string): number | undefined {
  if (!isJsonObject(value)) return undefined;
  const child = value[key];
  return typeof child === 'number' && Number.isFinite(child) ? child : undefined;
}
