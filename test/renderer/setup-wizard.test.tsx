// The first-run wizard's last step: once the first key is made and shown, the relay is told
// the wizard is over, so that deleting that key later does not bring the wizard back.
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SetupWizard } from '../../renderer/pages/SetupWizard.js';
import { Failure, stubApi, type Call } from './helpers/fake-api.js';
import { ROLE, STATUS, userOf } from './helpers/page-props.js';

function keyStep(wizardAnswer: unknown) {
  const api = stubApi()
    .on('GET /api/user/self/groups', [{ name: 'default', ratio: 1, description: '' }])
    .on('GET /api/models', [])
    .on('POST /api/token', { id: 3, name: 'first key', key: 'sk-relaydesk-0123456789abcdef' })
    .on('PUT /api/setup/wizard', wizardAnswer);
  const onFinished = vi.fn();
  render(<SetupWizard status={STATUS} user={userOf(ROLE.root)} resume={{ step: 'key', channel_skipped: false }} onFinished={onFinished} />);
  return { api, onFinished };
}

async function makeAndCloseKey() {
  await userEvent.click(screen.getByRole('button', { name: 'Create a key' }));
  await userEvent.type(await screen.findByRole('textbox', { name: 'Name' }), 'first key');
  await userEvent.click(screen.getByRole('button', { name: 'Create key' }));
  await screen.findByRole('dialog', { name: 'Your new key' });
  await userEvent.click(screen.getByRole('button', { name: 'Done' }));
}

describe('setup wizard: the first key', () => {
  it('tells the relay the wizard is over once the new key is closed, then shows the console', async () => {
    const { api, onFinished } = keyStep({ step: null, channel_skipped: false });
    await makeAndCloseKey();
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(api.calls.filter((call: Call) => call.method === 'PUT').map((call) => [call.path, call.body])).toEqual([['/api/setup/wizard', { step: 'done' }]]);
  });

  it('shows the console even if that cannot be recorded (the key exists: the relay ends the wizard itself)', async () => {
    const { onFinished } = keyStep(new Failure(503, 'The relay is busy.'));
    await makeAndCloseKey();
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
  });
});
