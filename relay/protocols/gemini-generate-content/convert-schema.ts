import type { JsonSchema } from '../../ir/chat-request.js';
import { invalid, isObject } from '../validate.js';

/** Gemini's OpenAPI-style type names (`Type` enum) → JSON Schema's. */
const TYPES: Record<string, string> = {
  STRING: 'string',
  NUMBER: 'number',
  INTEGER: 'integer',
  BOOLEAN: 'boolean',
  ARRAY: 'array',
  OBJECT: 'object',
  NULL: 'null',
};

/** Fields of Gemini's `Schema` copied as they are: they mean the same in JSON Schema. */
const SAME_MEANING = [
  'format',
  'title',
  'description',
  'enum',
  'required',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'default',
] as const;

/**
 * Gemini's `Schema` (the OpenAPI 3.0 subset of `responseSchema` and a function's
 * `parameters`: upper-case types, `nullable`, `propertyOrdering`, `example`) → JSON Schema,
 * which every upstream takes. Fields outside that subset are left out.
 */
export function geminiSchemaToJsonSchema(input: unknown, path: string): JsonSchema {
  if (!isObject(input)) throw invalid(path, `Invalid type for '${path}': expected a schema object.`, 'invalid_type');
  const out: JsonSchema = {};
  let type = convertType(input.type, `${path}.type`);
  if (input.nullable === true && typeof type === 'string') type = [type, 'null'];
  if (type !== undefined) out.type = type;
  for (const key of SAME_MEANING) if (input[key] !== undefined && input[key] !== null) out[key] = input[key];
  if (input.example !== undefined) out.examples = [input.example];
  if (input.properties !== undefined && input.properties !== null) {
    if (!isObject(input.properties)) throw invalid(`${path}.properties`, `Invalid type for '${path}.properties': expected an object.`, 'invalid_type');
    out.properties = Object.fromEntries(
      Object.entries(input.properties).map(([name, schema]) => [name, geminiSchemaToJsonSchema(schema, `${path}.properties.${name}`)]),
    );
  }
  if (input.items !== undefined && input.items !== null) out.items = geminiSchemaToJsonSchema(input.items, `${path}.items`);
  if (input.anyOf !== undefined && input.anyOf !== null) {
    if (!Array.isArray(input.anyOf)) throw invalid(`${path}.anyOf`, `Invalid type for '${path}.anyOf': expected an array.`, 'invalid_type');
    out.anyOf = input.anyOf.map((schema, i) => geminiSchemaToJsonSchema(schema, `${path}.anyOf[${i}]`));
  }
  return out;
}

function convertType(type: unknown, path: string): string | string[] | undefined {
  if (type === undefined || type === null || type === 'TYPE_UNSPECIFIED') return undefined;
  if (typeof type !== 'string') throw invalid(path, `Invalid type for '${path}': expected a string.`, 'invalid_type');
  const converted = TYPES[type.toUpperCase()];
  if (!converted) throw invalid(path, `Invalid value for '${path}': ${JSON.stringify(type)} is not a schema type.`);
  return converted;
}

/** Keys whose value is one subschema / a list of them / a map of them. */
const ONE = ['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties'];
const LIST = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/**
 * A JSON Schema as a generate-content client sends it (`responseJsonSchema`,
 * `parametersJsonSchema`), with Gemini's upper-case type names lowered: Gemini accepts
 * `"type": "OBJECT"` there too (Gemini CLI's routing call sends it), JSON Schema validators
 * and the other providers do not. Everything else is kept.
 */
export function normalizeJsonSchema(schema: unknown): unknown {
  if (!isObject(schema)) return schema;
  const out: JsonSchema = { ...schema };
  if (typeof out.type === 'string') out.type = lowerType(out.type);
  else if (Array.isArray(out.type)) out.type = out.type.map((t) => (typeof t === 'string' ? lowerType(t) : t));
  for (const key of ONE) if (isObject(out[key])) out[key] = normalizeJsonSchema(out[key]);
  if (Array.isArray(out.items)) out.items = out.items.map(normalizeJsonSchema);
  for (const key of LIST) if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(normalizeJsonSchema);
  for (const key of MAP) {
    const value = out[key];
    if (isObject(value)) out[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, normalizeJsonSchema(sub)]));
  }
  return out;
}

function lowerType(type: string): string {
  return TYPES[type] ?? type;
}
