import express from 'express';
import type { RequestListener } from 'node:http';
import { consoleRouter } from './console.js';
import type { ManagementContext } from './management/context.js';
import { managementRouter } from './management/router.js';

/** Express for everything that is not a model call: the management API and the console. */
export function createManagementApp(context: ManagementContext, consoleDir: string | null): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  app.set('etag', false);
  app.use('/api', managementRouter(context));
  app.use(consoleRouter(consoleDir));
  return app;
}
