import { Type } from '@sinclair/typebox';
import { hashPassword } from '../auth/password.js';
import { equalsConstantTime } from '../auth/secret-token.js';
import { ApiError } from '../http/errors.js';
import { Role } from './contract.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { Nothing } from './schemas.js';
import { setupWizardRoutes, startWizard } from './setup-wizard.js';
import { setupCodeRequired } from './status.js';
import { newPassword, username } from './validate.js';

export const ROOT_INITIAL_QUOTA = 100_000_000;

/** First run: the root account is created once, and never again through this route. */
export function setupRoutes(context: ManagementContext) {
  const done = async () => (await context.store.users.count()) > 0;
  return [
    route({
      method: 'get',
      path: '/setup',
      tag: 'system',
      access: 'public',
      summary: 'Whether the owner account exists yet',
      response: Type.Object({ status: Type.Boolean(), root_init: Type.Boolean(), setup_code_required: Type.Boolean() }),
      handler: async ({ req }) => {
        const status = await done();
        return { status, root_init: status, setup_code_required: await setupCodeRequired(context, req.socket.remoteAddress) };
      },
    }),
    route({
      method: 'post',
      path: '/setup',
      tag: 'system',
      access: 'public',
      critical: true,
      summary: 'Create the owner (root) account, once',
      body: Type.Object({
        username: Type.String(),
        password: Type.String(),
        setup_code: Type.Optional(Type.String()),
        wizard: Type.Optional(Type.Boolean({ description: "Start the console's first-run wizard (a first channel, then a first key): resumed at every sign-in until finished or skipped" })),
      }),
      response: Nothing,
      handler: async ({ body, req }) => {
        if (await done()) throw new ApiError(409, 'Setup is already done: sign in with the owner account.');
        if ((await setupCodeRequired(context, req.socket.remoteAddress)) && !equalsConstantTime((body.setup_code ?? '').trim(), context.setupCode ?? '')) {
          throw new ApiError(403, 'Enter the setup code printed in the terminal where Relaydesk started.');
        }
        const name = username(body.username);
        const passwordHash = await hashPassword(newPassword(body.password));
        const user = await context.store.users.create({ username: name, password_hash: passwordHash, role: Role.root, display_name: 'Root User' }, { onlyIfNone: true });
        if (!user) throw new ApiError(409, 'Setup is already done: sign in with the owner account.');
        // The owner starts with the quota the established relays give their root (200 USD).
        await context.store.quota.adjustUser(user.id, ROOT_INITIAL_QUOTA);
        if (body.wizard) await startWizard(context);
        context.setupCode = null;
        context.log.info(`setup: root account "${user.username}" created`);
        return new Answer(null, 'The owner account is ready: sign in.');
      },
    }),
    ...setupWizardRoutes(context),
  ];
}
