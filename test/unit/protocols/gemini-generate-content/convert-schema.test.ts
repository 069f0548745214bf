import { describe, expect, it } from 'vitest';
import { geminiSchemaToJsonSchema, normalizeJsonSchema } from '../../../../relay/protocols/gemini-generate-content/convert-schema.js';

describe('Gemini schema → JSON Schema', () => {
  it('converts the OpenAPI subset: upper-case types, nullable, example, propertyOrdering, anyOf', () => {
    expect(
      geminiSchemaToJsonSchema(
        {
          type: 'OBJECT',
          description: 'A person',
          properties: {
            name: { type: 'STRING', minLength: 1, example: 'Ada' },
            age: { type: 'INTEGER', format: 'int32', minimum: 0, nullable: true },
            tags: { type: 'ARRAY', items: { type: 'STRING', enum: ['a', 'b'] }, maxItems: 3 },
            pet: { anyOf: [{ type: 'STRING' }, { type: 'NUMBER' }] },
          },
          required: ['name'],
          propertyOrdering: ['name', 'age'],
          somethingElse: true,
        },
        'responseSchema',
      ),
    ).toEqual({
      type: 'object',
      description: 'A person',
      properties: {
        name: { type: 'string', minLength: 1, examples: ['Ada'] },
        age: { type: ['integer', 'null'], format: 'int32', minimum: 0 },
        tags: { type: 'array', items: { type: 'string', enum: ['a', 'b'] }, maxItems: 3 },
        pet: { anyOf: [{ type: 'string' }, { type: 'number' }] },
      },
      required: ['name'],
    });
  });

  it('names the field at fault', () => {
    expect(() => geminiSchemaToJsonSchema({ type: 'OBJECT', properties: { a: { type: 7 } } }, 'responseSchema')).toThrow("'responseSchema.properties.a.type'");
  });

  it('JSON Schema keeps everything but gets upper-case types lowered, however deep', () => {
    const schema = {
      type: 'OBJECT',
      properties: { list: { type: 'ARRAY', items: { $ref: '#/$defs/item' } }, either: { oneOf: [{ type: 'STRING' }, { type: ['NUMBER', 'null'] }] } },
      $defs: { item: { type: 'OBJECT', additionalProperties: { type: 'BOOLEAN' }, properties: { type: { type: 'STRING' } } } },
      additionalProperties: false,
    };
    expect(normalizeJsonSchema(schema)).toEqual({
      type: 'object',
      properties: { list: { type: 'array', items: { $ref: '#/$defs/item' } }, either: { oneOf: [{ type: 'string' }, { type: ['number', 'null'] }] } },
      $defs: { item: { type: 'object', additionalProperties: { type: 'boolean' }, properties: { type: { type: 'string' } } } },
      additionalProperties: false,
    });
    expect(schema.type).toBe('OBJECT');
  });
});
