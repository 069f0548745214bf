// A video task created on one instance completes while that instance is down (stopped cleanly,
// or killed): another instance follows it without any client asking, charges its seconds
// once, logs it once, and serves its status and MP4.
import { describe, expect, it } from 'vitest';
import { fakeMp4, fakeVideoApi } from '../../fake-upstreams/openai-videos.js';
import { callLogs, fakeOpenAI, setUpTeam, startTeam, usage } from './team.js';
import type { Instance } from './team.js';

const KEY_QUOTA = 2_000_000;
/** sora-2 at 0.10 USD a second: 50 000 quota a second; the task asks for 4 s. */
const TASK_QUOTA = 4 * 0.1 * 500_000;

describe('a video task of a team', () => {
  it.each(['stopped', 'killed'] as const)('completes while the instance that created it is %s: another follows it, charges it once, and serves it', async (how) => {
    const videos = fakeVideoApi({ msToComplete: 3_000, mediaBytes: 20_000 });
    const upstream = await fakeOpenAI({ videos });
    const team = await startTeam({ instances: 2, videoPolling: { firstMs: 100, maxMs: 300 } });
    const { key } = await setUpTeam(team, upstream, ['sora-2'], { unlimited_quota: false, remain_quota: KEY_QUOTA });
    const [creator, follower] = team.instances as [Instance, Instance];

    const created = await fetch(`${creator.relayBaseUrl}/videos`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'sora-2', prompt: 'A lighthouse in a storm', seconds: '4', size: '720x1280' }),
    });
    expect(created.status).toBe(200);
    const video = (await created.json()) as { id: string; status: string };
    expect(video.status).toBe('queued');
    expect((await usage(follower, key)).key).toMatchObject({ held: TASK_QUOTA, used: 0 });

    if (how === 'stopped') await creator.stop();
    else await creator.kill();
    const downAt = Date.now();
    const [upstreamId] = [...videos.jobs.keys()];
    const polls = () => upstream.requests.filter((r) => r.method === 'GET' && r.path === `/v1/videos/${upstreamId}`).length;
    const pollsBefore = polls();

    // No client asks: the follower polls the task to its end and settles it.
    await expect.poll(async () => (await usage(follower, key)).key, { timeout: 20_000, interval: 1_000 }).toMatchObject({ held: 0, used: TASK_QUOTA, left: KEY_QUOTA - TASK_QUOTA });
    expect(polls(), 'the follower polled the task upstream').toBeGreaterThan(pollsBefore);
    expect(Date.now() - downAt).toBeLessThan(20_000);

    const status = await fetch(`${follower.relayBaseUrl}/videos/${video.id}`, { headers: { authorization: `Bearer ${key}` } });
    expect(await status.json()).toMatchObject({ id: video.id, status: 'completed', progress: 100 });
    const content = await fetch(`${follower.relayBaseUrl}/videos/${video.id}/content`, { headers: { authorization: `Bearer ${key}` } });
    expect(content.status).toBe(200);
    expect(Buffer.from(await content.arrayBuffer()).equals(fakeMp4(20_000))).toBe(true);

    // Charged and logged once, by whichever instance followed it.
    await expect.poll(async () => (await callLogs(team)).filter((r) => r.type === 2).map((r) => r.quota), { timeout: 10_000 }).toEqual([TASK_QUOTA]);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await callLogs(team)).filter((r) => r.type === 2)).toHaveLength(1);
    expect((await usage(follower, key)).key).toMatchObject({ used: TASK_QUOTA, requests: 1 });
  }, 90_000);
});
