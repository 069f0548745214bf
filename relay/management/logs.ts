import type { ManagementContext } from './context.js';
import type { RouteSpec } from './route.js';

/** Placeholder: this module's routes arrive with the operations API. */
export function logRoutes(_context: ManagementContext): RouteSpec[] {
  return [];
}
