// `npm run gen:api`: writes renderer/api/openapi.gen.ts, the console's API types, from the
// management API's OpenAPI document. The document is built from the route specs in process
// (no server), exactly as `GET /api/openapi.json` builds it. A unit test
// (test/unit/management/api-types-fresh.test.ts) fails when the committed file is stale.
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import type { OpenAPI3 } from 'openapi-typescript';
import type { ManagementContext } from '../relay/management/context.js';
import { openapiDocument } from '../relay/management/openapi.js';
import { managementRoutes } from '../relay/management/routes.js';

export const API_TYPES_FILE = fileURLToPath(new URL('../renderer/api/openapi.gen.ts', import.meta.url));

const HEADER = `// GENERATED FILE, do not edit. The management API's types, from its OpenAPI document
// (GET /api/openapi.json, built from the route specs in relay/management/).
// Regenerate with \`npm run gen:api\` (scripts/gen-api-types.ts) after changing a route spec.
`;

/** The OpenAPI document of every management route, without a running relay. */
export function managementDocument(): OpenAPI3 {
  // Route factories only keep the context for their handlers, which never run here; a
  // factory that read it while building its specs would fail loudly below.
  const routes = managementRoutes({ version: '0.0.0' } as ManagementContext);
  return openapiDocument(routes, '0.0.0') as unknown as OpenAPI3;
}

/** The text of renderer/api/openapi.gen.ts. */
export async function generateApiTypes(): Promise<string> {
  const ast = await openapiTS(managementDocument());
  return HEADER + '\n' + astToString(ast);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await writeFile(API_TYPES_FILE, await generateApiTypes());
  console.log(`wrote ${API_TYPES_FILE}`);
}
