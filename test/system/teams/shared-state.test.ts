// Three instances on one PostgreSQL and Redis serve the same team: a key made on one works on
// the others at once, a console session made on one is accepted (and ended) on every one, and
// a channel disabled on one is no longer used by the others within a second.
import { describe, expect, it } from 'vitest';
import { addChannel } from '../../helpers/gateway.js';
import { ApiClient } from '../../helpers/relay.js';
import { chat, fakeOpenAI, setUpTeam, signIn, startTeam } from './team.js';
import type { Instance } from './team.js';

describe('a team of three instances', () => {
  it('shares keys, sessions and channel changes: made on one, in force on the others', async () => {
    const [first, second] = [await fakeOpenAI(), await fakeOpenAI()];
    const team = await startTeam({ instances: 3 });
    const [one, two, three] = team.instances as [Instance, Instance, Instance];
    const { admin, key, channelId } = await setUpTeam(team, first, ['gpt-4o']);

    // The key made on instance 1 answers on instances 2 and 3 within a second.
    await expect.poll(async () => (await chat(two, key)).status, { timeout: 1_000, interval: 50 }).toBe(200);
    expect(await chat(three, key)).toMatchObject({ status: 200, answered: true });
    expect((await chat(two, 'sk-not-a-key')).status).toBe(401);

    // The console session of instance 1 is a session on instance 3 too; signing out on 1 ends it there.
    const onThree = new ApiClient(three.origin);
    onThree.cookie = admin.cookie;
    const self = await onThree.call('GET', '/api/user/self');
    expect(self.status).toBe(200);
    expect(self.json.data.username).toBe('owner');
    const keys = await onThree.call('GET', '/api/token/');
    expect(keys.json.data.items.map((k: { name: string }) => k.name)).toContain('team key');
    const signedOut = new ApiClient(one.origin);
    signedOut.cookie = admin.cookie;
    await signedOut.call('POST', '/api/user/logout');
    expect((await onThree.call('GET', '/api/user/self')).status).toBe(401);

    // A second channel, added on instance 3 with another session: both serve on every instance.
    const otherSession = await signIn(three.origin);
    await addChannel(otherSession, { type: 1, upstream: second, models: ['gpt-4o'], name: 'openai second' });
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const calls = async (count: number) => {
      for (let i = 0; i < count; i++) expect((await chat(i % 2 ? one : three, key)).status).toBe(200);
    };
    const seen = () => [first.requests.length, second.requests.length] as const;
    const before = seen();
    await calls(24);
    const after = seen();
    expect(after[0] - before[0], 'the first channel serves').toBeGreaterThan(0);
    expect(after[1] - before[1], 'the channel added on instance 3 serves on instance 1 too').toBeGreaterThan(0);

    // The first channel disabled on instance 2: within a second instances 1 and 3 no longer use it.
    const onTwo = await signIn(two.origin);
    const disabled = await onTwo.call('PUT', '/api/channel', { id: channelId, status: 2 });
    expect(disabled.json?.success, disabled.text).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const firstBefore = first.requests.length;
    const secondBefore = second.requests.length;
    await calls(24);
    expect(first.requests.length, 'calls sent to the channel disabled on another instance').toBe(firstBefore);
    expect(second.requests.length - secondBefore).toBe(24);
  });
});

describe('a key made on an instance', () => {
  // The writing instance reloads its own call catalog before the write answers: a script that
  // creates a key and uses it at once is served, as on one relay.
  it('works on that same instance at once, as on one relay', async () => {
    const upstream = await fakeOpenAI();
    const team = await startTeam({ instances: 1 });
    const { admin } = await setUpTeam(team, upstream, ['gpt-4o']);
    for (let i = 0; i < 5; i++) {
      const created = await admin.call('POST', '/api/token/', { name: `key ${i}`, unlimited_quota: true });
      expect((await chat(team.instances[0]!, created.json.data.key)).status, `key ${i}`).toBe(200);
    }
  });
});
