import { Type } from '@sinclair/typebox';
import type { ManagementContext } from './context.js';
import { route } from './route.js';

/**
 * The console's first-run wizard (after the owner account: a first channel, then a first key)
 * is kept on the relay, so that a reload or another browser resumes it where it stopped. The
 * state's options hold its progress under this key, which is no setting: 'channel' while it
 * starts, 'key' once the channel step was skipped, 'done' once it is finished or skipped. An
 * owner made without the wizard (`POST /api/setup` without `wizard`) never has it.
 */
const WIZARD_OPTION = 'setup_wizard';

type Stored = 'channel' | 'key' | 'done';

export async function startWizard(context: ManagementContext): Promise<void> {
  await storeWizard(context, 'channel');
}

async function storeWizard(context: ManagementContext, value: Stored): Promise<void> {
  await context.store.settings.set({ [WIZARD_OPTION]: value });
}

const WizardSchema = Type.Object({
  step: Type.Union([Type.Literal('channel'), Type.Literal('key'), Type.Null()], { description: 'Where the wizard resumes; null: finished, skipped, or never started' }),
  channel_skipped: Type.Boolean({ description: 'The channel step was skipped (no channel yet)' }),
});

const running = (stored: unknown): stored is 'channel' | 'key' => stored === 'channel' || stored === 'key';

/** Where the wizard stands: a channel added moves it on to the key; a key made ends it. */
async function wizardState(context: ManagementContext) {
  const stored = (await context.store.settings.all())[WIZARD_OPTION];
  const hasChannel = (await context.store.channels.list()).length > 0;
  if (!running(stored) || (await keyMade(context))) return { step: null, channel_skipped: false };
  return { step: stored === 'key' || hasChannel ? ('key' as const) : ('channel' as const), channel_skipped: stored === 'key' && !hasChannel };
}

/** A wizard that saw a key is over for good: deleting that key later does not bring it back. */
async function endIfKeyMade(context: ManagementContext): Promise<void> {
  if (running((await context.store.settings.all())[WIZARD_OPTION]) && (await keyMade(context))) await storeWizard(context, 'done');
}

async function keyMade(context: ManagementContext): Promise<boolean> {
  return (await context.store.tokens.list()).length > 0;
}

export function setupWizardRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/setup/wizard',
      tag: 'system',
      access: 'root',
      summary: "Where the console's first-run wizard resumes (a channel, then a key), if it is not over",
      response: WizardSchema,
      handler: async () => {
        await endIfKeyMade(context);
        return wizardState(context);
      },
    }),
    route({
      method: 'put',
      path: '/setup/wizard',
      tag: 'system',
      access: 'root',
      summary: "Move the console's first-run wizard on: past the channel step ('key'), or end it ('done')",
      audit: false,
      body: Type.Object({ step: Type.Union([Type.Literal('key'), Type.Literal('done')]) }),
      response: WizardSchema,
      handler: async ({ body }) => {
        // Only forward: a wizard that is over, or was never started, stays so.
        await endIfKeyMade(context);
        if ((await wizardState(context)).step !== null) await storeWizard(context, body.step);
        return wizardState(context);
      },
    }),
  ];
}
