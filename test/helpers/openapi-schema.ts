// A small JSON Schema checker for the official OpenAI OpenAPI description
// (`test/fixtures/openai-openapi.yaml`, MIT: licence beside it): the subset that description uses —
// $ref, allOf/anyOf/oneOf with discriminator, type, enum, const, required, properties,
// additionalProperties, items. Tests validate the relay's answers and the fakes' against it.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fixturePath } from './fixtures.js';

const openAISpecPath = fixturePath('openai-openapi.yaml');

type Schema = boolean | Record<string, any>;

export class SchemaChecker {
  constructor(private readonly document: Record<string, any>) {}

  check(value: unknown, schemaName: string): string[] {
    return this.validate(value, { $ref: `#/components/schemas/${schemaName}` }, '$');
  }

  private resolve(ref: string): Schema {
    if (!ref.startsWith('#/')) throw new Error(`external $ref not supported: ${ref}`);
    let node: any = this.document;
    for (const key of ref.slice(2).split('/')) node = node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (node === undefined) throw new Error(`unresolved $ref ${ref}`);
    return node as Schema;
  }

  /** The discriminator values a branch accepts, or undefined when it cannot tell. */
  private discriminatorValues(schema: Schema, property: string, depth = 0): unknown[] | undefined {
    if (typeof schema !== 'object' || depth > 5) return undefined;
    if (schema.$ref) return this.discriminatorValues(this.resolve(schema.$ref), property, depth + 1);
    const own = schema.properties?.[property];
    if (own) {
      const resolved = own.$ref ? this.resolve(own.$ref) : own;
      if (typeof resolved === 'object' && Array.isArray(resolved.enum)) return resolved.enum;
      if (typeof resolved === 'object' && 'const' in resolved) return [resolved.const];
    }
    for (const part of schema.allOf ?? []) {
      const values = this.discriminatorValues(part, property, depth + 1);
      if (values) return values;
    }
    return undefined;
  }

  private validate(value: unknown, schema: Schema, path: string): string[] {
    if (schema === true || schema === undefined) return [];
    if (schema === false) return [`${path}: no value allowed`];
    if (value === null && schema.nullable === true) return []; // OpenAPI 3.0 style, used throughout the description
    const errors: string[] = [];
    if (schema.$ref) errors.push(...this.validate(value, this.resolve(schema.$ref), path));
    for (const part of schema.allOf ?? []) errors.push(...this.validate(value, part, path));

    const branches: Schema[] | undefined = schema.anyOf ?? schema.oneOf;
    if (branches) {
      let candidates = branches;
      const property: string | undefined = schema.discriminator?.propertyName;
      if (property && isObject(value) && typeof value[property] === 'string') {
        const matching = branches.filter((branch) => {
          const values = this.discriminatorValues(branch, property);
          return values === undefined || values.includes(value[property]);
        });
        if (matching.length > 0) candidates = matching;
      }
      const results = candidates.map((branch) => this.validate(value, branch, path));
      if (!results.some((r) => r.length === 0)) {
        const best = results.reduce((a, b) => (b.length < a.length ? b : a));
        errors.push(`${path}: matches none of ${candidates.length} alternatives; closest: ${best.join('; ')}`);
      }
    }

    if (schema.type !== undefined) {
      const types: string[] = Array.isArray(schema.type) ? schema.type : [schema.type];
      if (!types.some((type) => hasType(value, type))) return [...errors, `${path}: expected ${types.join('|')}, got ${JSON.stringify(value)?.slice(0, 80)}`];
    }
    if (Array.isArray(schema.enum) && !schema.enum.some((allowed: unknown) => allowed === value)) {
      errors.push(`${path}: ${JSON.stringify(value)} not in enum ${JSON.stringify(schema.enum)}`);
    }
    if ('const' in schema && schema.const !== value) errors.push(`${path}: expected const ${JSON.stringify(schema.const)}`);
    if (isObject(value)) {
      for (const key of schema.required ?? []) if (!(key in value)) errors.push(`${path}: missing required '${key}'`);
      const properties: Record<string, Schema> = schema.properties ?? {};
      for (const [key, child] of Object.entries(value)) {
        if (key in properties) errors.push(...this.validate(child, properties[key]!, `${path}.${key}`));
        else if (schema.additionalProperties === false) errors.push(`${path}: unexpected property '${key}'`);
        else if (typeof schema.additionalProperties === 'object') errors.push(...this.validate(child, schema.additionalProperties, `${path}.${key}`));
      }
    }
    if (Array.isArray(value) && schema.items !== undefined) {
      value.forEach((item, i) => errors.push(...this.validate(item, schema.items, `${path}[${i}]`)));
    }
    return errors;
  }
}

function isObject(value: unknown): value is Record<string, any> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function hasType(value: unknown, type: string): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return Number.isInteger(value);
    case 'number':
      return typeof value === 'number';
    case 'string':
    case 'boolean':
      return typeof value === type;
    case 'array':
      return Array.isArray(value);
    case 'object':
      return isObject(value);
    default:
      return true;
  }
}


let loaded: SchemaChecker | undefined;

/** The checker over the OpenAPI description (parsed once; it is 3 MB of YAML). */
export function openAISchemas(): SchemaChecker {
  if (!loaded) {
    const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
    loaded = new SchemaChecker(yaml.load(readFileSync(openAISpecPath, 'utf8')) as Record<string, any>);
  }
  return loaded;
}
