import express from 'express';
import type { Router } from 'express';
import type { StatusData } from './contract.js';
import type { ManagementContext } from './context.js';
import { ok } from './envelope.js';
import { isLoopbackAddress } from '../http/network.js';

export function setupCodeRequired(context: ManagementContext, clientAddress: string | undefined): boolean {
  return context.setupCode !== null && context.users.count() === 0 && !isLoopbackAddress(clientAddress);
}

/** `GET /api/status`: public facts the console needs before anyone signs in. */
export function statusRouter(context: ManagementContext): Router {
  const router = express.Router();
  router.get('/status', (req, res) => {
    const data: StatusData = {
      name: 'Relaydesk',
      version: context.version,
      setup: context.users.count() > 0,
      secret_backend: context.secrets.backend,
      lan: context.lan,
      setup_code_required: setupCodeRequired(context, req.socket.remoteAddress),
      features: { registration: false, oauth: false, two_factor: false, top_up: false },
    };
    ok(res, data);
  });
  return router;
}
