import { RelayError } from '../ir/relay-error.js';
import { type JsonObject, isJsonObject as isObject } from '../wire/json-access.js';

// Strict checks on client input: a violation is a 400 naming the field, never a silent clamp.

export type Json = JsonObject;
/** Loose JSON readers are the wire's; client input uses the same object test. */
export { isObject };

export function invalid(param: string, message: string, code = 'invalid_value'): RelayError {
  return new RelayError(400, 'invalid_request', message, code, param);
}

/** The 400 of a required field the body lacks. */
export function missing(param: string, message = `Missing required parameter: '${param}'.`): RelayError {
  return invalid(param, message, 'missing_required_parameter');
}

/** Sets an optional IR field only when the client gave it (the IR has no `undefined` keys). */
export function setDefined<T extends object, K extends keyof T>(target: T, key: K, value: T[K] | undefined): void {
  if (value !== undefined) target[key] = value;
}

export function requireObject(value: unknown, param: string): Json {
  if (!isObject(value)) throw invalid(param, `Invalid type for '${param}': expected an object.`, 'invalid_type');
  return value;
}

export function optionalString(body: Json, param: string, path = param): string | undefined {
  const value = body[param];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalid(path, `Invalid type for '${path}': expected a string.`, 'invalid_type');
  return value;
}

export function optionalBoolean(body: Json, param: string, path = param): boolean | undefined {
  const value = body[param];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalid(path, `Invalid type for '${path}': expected a boolean.`, 'invalid_type');
  return value;
}

export function optionalNumber(
  body: Json,
  param: string,
  range: { min?: number; max?: number; integer?: boolean } = {},
  path = param,
): number | undefined {
  const value = body[param];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    throw invalid(path, `Invalid type for '${path}': expected a number.`, 'invalid_type');
  }
  const kind = range.integer ? 'integer' : 'decimal';
  if (range.integer && !Number.isInteger(value)) {
    throw invalid(path, `Invalid type for '${path}': expected an integer, but got a decimal number.`, 'invalid_type');
  }
  if (range.min !== undefined && value < range.min) {
    throw invalid(path, `Invalid '${path}': ${kind} below minimum value. Expected a value >= ${range.min}, but got ${value} instead.`, `${kind}_below_min_value`);
  }
  if (range.max !== undefined && value > range.max) {
    throw invalid(path, `Invalid '${path}': ${kind} above maximum value. Expected a value <= ${range.max}, but got ${value} instead.`, `${kind}_above_max_value`);
  }
  return value;
}

export function optionalEnum<T extends string>(body: Json, param: string, allowed: readonly T[], path = param): T | undefined {
  const value = body[param];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(path, `Invalid value for '${path}': expected one of ${allowed.map((a) => `'${a}'`).join(', ')}, but got ${JSON.stringify(value)}.`);
  }
  return value as T;
}
