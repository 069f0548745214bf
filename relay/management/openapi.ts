import { Type } from '@sinclair/typebox';
import type { TSchema } from '@sinclair/typebox';
import type { ManagementContext } from './context.js';
import { TAGS, route } from './route.js';
import type { RouteSpec } from './route.js';

/**
 * `GET /api/openapi.json`: an OpenAPI 3.0.1 document generated from the route list and its
 * schemas, the same ones that validate requests, so the two cannot drift.
 */
export function openapiRoutes(context: ManagementContext, routes: () => RouteSpec[]) {
  return [
    route({
      method: 'get',
      path: '/openapi.json',
      tag: 'system',
      access: 'public',
      raw: true,
      summary: 'This document',
      response: Type.Object({}, { additionalProperties: true }),
      handler: ({ res }) => {
        res.json(openapiDocument(routes(), context.version));
        return {};
      },
    }),
  ];
}

export function openapiDocument(routes: readonly RouteSpec[], _version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) {
    const path = `/api${spec.path.replace(/:([A-Za-z_]+)/g, '{$1}')}`;
    const parameters: unknown[] = [...spec.path.matchAll(/:([A-Za-z_]+)/g)].map((m) => ({ name: m[1], in: 'path', required: true, schema: { type: 'string' } }));
    const query = (spec.query as { properties?: Record<string, TSchema>; required?: string[] } | undefined) ?? {};
    for (const [name, schema] of Object.entries(query.properties ?? {})) {
      parameters.push({ name, in: 'query', required: (query.required ?? []).includes(name), schema: toOpenApi30(schema) });
    }
    const envelope = {
      type: 'object',
      required: ['success', 'message', 'data'],
      properties: { success: { type: 'boolean' }, message: { type: 'string' }, data: toOpenApi30(spec.response) },
    };
    paths[path] ??= {};
    paths[path]![spec.method] = {
      tags: [spec.tag],
      summary: spec.summary,
      operationId: `${spec.method}${path.replace(/[^A-Za-z0-9]+/g, '_')}`,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(spec.body ? { requestBody: { required: true, content: { 'application/json': { schema: toOpenApi30(spec.body) } } } } : {}),
      responses: {
        '200': { description: 'Success', content: { [spec.produces ?? 'application/json']: { schema: spec.raw ? toOpenApi30(spec.response) : envelope } } },
        default: { description: 'Failure: {success: false, message}', content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } } },
      },
      security: spec.access === 'public' ? [] : [{ session: [] }, { accessToken: [] }],
      'x-access': spec.access,
    };
  }
  return {
    openapi: '3.0.1',
    info: { title: 'Relaydesk management API', version: '1.0.0', description: 'Console operations. Every answer is {success, message, data}.' },
    servers: [{ url: '{base_url}', variables: { base_url: { default: 'http://127.0.0.1:3000' } } }],
    tags: TAGS.map((name) => ({ name })),
    components: {
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: 'relaydesk_session' },
        accessToken: { type: 'http', scheme: 'bearer', description: 'A personal access token from GET /api/user/token' },
      },
      schemas: {
        Failure: { type: 'object', required: ['success', 'message'], properties: { success: { type: 'boolean', enum: [false] }, message: { type: 'string' }, data: { nullable: true } } },
      },
    },
    paths,
  };
}

/**
 * JSON Schema (as TypeBox writes it) → the OpenAPI 3.0 dialect: `const` becomes a one-value
 * `enum`, `type: 'null'` becomes `nullable`, and `patternProperties` (records) becomes
 * `additionalProperties`.
 */
export function toOpenApi30(schema: unknown): Record<string, unknown> {
  if (typeof schema !== 'object' || schema === null) return {};
  const source = schema as Record<string, unknown>;
  if (source.type === 'null') return { nullable: true, enum: [null] };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(source)) {
    switch (key) {
      case 'const':
        out.enum = [value];
        if (typeof value === 'string') out.type = 'string';
        break;
      case 'properties':
        out.properties = Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, toOpenApi30(v)]));
        break;
      case 'patternProperties':
        out.additionalProperties = toOpenApi30(Object.values(value as Record<string, unknown>)[0]);
        break;
      case 'items':
      case 'additionalProperties':
        out[key] = typeof value === 'object' ? toOpenApi30(value) : value;
        break;
      case 'anyOf':
      case 'oneOf':
      case 'allOf': {
        const branches = (value as unknown[]).filter((b) => (b as { type?: string }).type !== 'null');
        if (branches.length < (value as unknown[]).length) out.nullable = true;
        out[key] = branches.map(toOpenApi30);
        break;
      }
      case '$id':
      case '$schema':
        break;
      default:
        out[key] = value;
    }
  }
  return out;
}
