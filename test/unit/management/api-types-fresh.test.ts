import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { API_TYPES_FILE, generateApiTypes } from '../../../scripts/gen-api-types.js';

describe('renderer/api/openapi.gen.ts', () => {
  it('matches the management API as the route specs describe it now', async () => {
    const committed = await readFile(API_TYPES_FILE, 'utf8');
    const fresh = await generateApiTypes();
    // A plain boolean first: a diff of two 150 kB files helps no one; the message says what to do.
    expect(committed === fresh, 'renderer/api/openapi.gen.ts is out of date with the route specs: run `npm run gen:api` and commit the result.').toBe(true);
  });
});
