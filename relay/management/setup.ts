import express from 'express';
import type { Router } from 'express';
import { hashPassword } from '../auth/password.js';
import { equalsConstantTime } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import { Role } from './contract.js';
import type { SetupStatusData } from './contract.js';
import type { ManagementContext } from './context.js';
import { ok } from './envelope.js';
import { limitCritical } from './limit-critical.js';
import { setupCodeRequired } from './status.js';
import { bodyObject, newPassword, username } from './validate.js';

export const ROOT_INITIAL_QUOTA = 100_000_000;

/** First run: the root account is created once, and never again through this route. */
export function setupRouter(context: ManagementContext): Router {
  const router = express.Router();
  const done = () => context.users.count() > 0;

  router.get('/setup', (req, res) => {
    const data: SetupStatusData = {
      status: done(),
      root_init: done(),
      setup_code_required: setupCodeRequired(context, req.socket.remoteAddress),
    };
    ok(res, data);
  });

  router.post('/setup', limitCritical(context), async (req, res) => {
    if (done()) throw new ApiError(409, 'Setup is already done: sign in with the owner account.');
    const body = bodyObject(req.body);
    if (setupCodeRequired(context, req.socket.remoteAddress)) {
      const code = typeof body.setup_code === 'string' ? body.setup_code.trim() : '';
      if (!equalsConstantTime(code, context.setupCode ?? '')) {
        throw new ApiError(403, 'Enter the setup code printed in the terminal where Relaydesk started.');
      }
    }
    const name = username(body.username);
    const passwordHash = await hashPassword(newPassword(body.password));
    const user = await context.users.create(
      { username: name, password_hash: passwordHash, role: Role.root, display_name: 'Root User' },
      () => !done(),
    );
    if (!user) throw new ApiError(409, 'Setup is already done: sign in with the owner account.');
    // The owner starts with the quota the established relays give their root (200 USD).
    await context.users.update(user.id, (u) => {
      u.quota = ROOT_INITIAL_QUOTA;
    });
    context.setupCode = null;
    context.log.info(`setup: root account "${user.username}" created`);
    ok(res, null, 'The owner account is ready: sign in.');
  });
  return router;
}
