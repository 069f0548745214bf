import { Type } from '@sinclair/typebox';
import { isLoopbackAddress } from '../http/network.js';
import type { StatusData } from './contract.js';
import type { ManagementContext } from './context.js';
import { stripeSecrets } from './payments.js';
import { route } from './route.js';
import { mailConfigured } from '../mail/mailer.js';
import { storedSettings } from '../settings.js';
import { configuredProviders } from './oauth.js';

export async function setupCodeRequired(context: ManagementContext, clientAddress: string | undefined): Promise<boolean> {
  return context.setupCode !== null && !isLoopbackAddress(clientAddress) && (await context.store.users.count()) === 0;
}

const StatusSchema = Type.Object({
  name: Type.Literal('Relaydesk'),
  site_name: Type.String({ description: 'The name the console shows (setting site_name)' }),
  version: Type.String(),
  setup: Type.Boolean(),
  secret_backend: Type.Union([Type.Literal('keychain'), Type.Literal('encrypted-file'), Type.Literal('memory'), Type.Literal('database')]),
  secret_key_protection: Type.Union([Type.Literal('os-sealed'), Type.Literal('key-file'), Type.Null()], {
    description: 'With the encrypted-file backend: its key sealed by the OS for this user, or a plain 0600 file',
  }),
  lan: Type.Boolean(),
  setup_code_required: Type.Boolean(),
  features: Type.Object({
    registration: Type.Boolean(),
    registration_policy: Type.Union([Type.Literal('closed'), Type.Literal('open'), Type.Literal('invite')]),
    email_verification: Type.Boolean({ description: 'Registration needs an email address proven by a mailed code' }),
    password_reset: Type.Boolean({ description: 'Passwords can be reset by a mailed code (SMTP is set up)' }),
    oauth: Type.Boolean({ description: 'Some OAuth sign-in provider is set up' }),
    oauth_providers: Type.Array(Type.Object({ id: Type.String(), label: Type.String() }), { description: 'Sign-in buttons: start at GET /api/oauth/<id>' }),
    two_factor: Type.Boolean(),
    top_up: Type.Boolean(),
  }),
});

/** `GET /api/status`: public facts the console needs before anyone signs in. */
export function statusRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/status',
      tag: 'system',
      access: 'public',
      summary: 'Version, whether setup is done, the secret backend and feature flags',
      response: StatusSchema,
      handler: async ({ req }): Promise<StatusData> => {
        const settings = await storedSettings(context.store);
        const providers = await configuredProviders(context, settings);
        return {
          name: 'Relaydesk',
          site_name: settings.site_name,
          version: context.version,
          setup: (await context.store.users.count()) > 0,
          secret_backend: context.secrets.backend,
          secret_key_protection: context.secrets.keyProtection ?? null,
          lan: context.lan,
          setup_code_required: await setupCodeRequired(context, req.socket.remoteAddress),
          features: {
            registration: settings.registration_policy !== 'closed',
            registration_policy: settings.registration_policy,
            email_verification: settings.email_verification,
            password_reset: mailConfigured(settings),
            oauth: providers.length > 0,
            oauth_providers: providers.map((p) => ({ id: p.id, label: p.label })),
            two_factor: true,
            top_up: (await stripeSecrets(context)) !== null,
          },
        };
      },
    }),
  ];
}
