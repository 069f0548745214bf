// The limits a team relies on hold across instances, not per instance: the account queries'
// 30 a minute (/v1/usage, /v1/pricing, /v1/balance together), and the sign-in limit (20
// credential checks per 20 minutes from one address) against guessing passwords.
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../helpers/relay.js';
import { fakeOpenAI, setUpTeam, startTeam } from './team.js';

async function teamOfThree() {
  const upstream = await fakeOpenAI();
  const team = await startTeam({ instances: 3 });
  return { team, ...(await setUpTeam(team, upstream, ['gpt-4o'], { unlimited_quota: true, allow_balance: true })) };
}

/** Fixed windows may start on the minute: 31 calls straddling a boundary would be two windows' worth. */
async function awayFromMinuteBoundary(): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 55_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
}

describe('limits across a team of three instances', () => {
  it('allows 30 account queries a minute in all: of 31 spread over the three, one is refused with 429 and Retry-After', async () => {
    const { team, key } = await teamOfThree();
    const paths = ['/usage', '/pricing', '/balance'];
    await awayFromMinuteBoundary();
    const responses = await Promise.all(
      Array.from({ length: 31 }, (_, i) => fetch(`${team.instances[i % 3]!.relayBaseUrl}${paths[Math.floor(i / 3) % 3]}`, { headers: { authorization: `Bearer ${key}` } })),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(30);
    const limited = responses.filter((r) => r.status === 429);
    expect(limited).toHaveLength(1);
    const retryAfter = Number(limited[0]!.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await limited[0]!.json()) as any).error).toMatchObject({ code: 'rate_limit_exceeded', type: 'rate_limit_error', message: expect.stringContaining('30 a minute') });
    // Every instance refuses the next one too.
    for (const instance of team.instances) expect((await fetch(`${instance.relayBaseUrl}/usage`, { headers: { authorization: `Bearer ${key}` } })).status).toBe(429);
  });

  it('counts sign-in attempts from one address on every instance: after 20 in all, each instance refuses with 429, the right password too', async () => {
    const { team } = await teamOfThree();
    // The setup and the owner's sign-in were 2 of the 20.
    const attempts = await Promise.all(
      Array.from({ length: 30 }, (_, i) => new ApiClient(team.instances[i % 3]!.origin).call('POST', '/api/user/login', { username: i % 3 ? `someone-${i}` : 'owner', password: `guess ${i}` })),
    );
    const statuses = attempts.map((a) => a.status);
    expect(statuses.filter((s) => s === 401), 'wrong passwords checked').toHaveLength(18);
    const refused = attempts.filter((a) => a.status === 429);
    expect(refused).toHaveLength(12);
    for (const answer of refused) {
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(60);
      expect(answer.json).toMatchObject({ success: false, message: expect.stringMatching(/Too many attempts/) });
    }
    for (const instance of team.instances) {
      const right = await new ApiClient(instance.origin).call('POST', '/api/user/login', { username: 'owner', password: 'correct horse battery' });
      expect(right.status, instance.name).toBe(429);
    }
  });
});
