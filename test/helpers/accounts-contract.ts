// What every store must do with accounts and money (ports.ts: RedemptionRepo, TopUpRepo,
// AccountLedger, the users' account fields): run by the embedded store's tests and by the
// PostgreSQL + Redis store's against real servers.
import { expect, it } from 'vitest';
import { sha256Hex } from '../../relay/auth/secret-token.js';
import { RedemptionStatus } from '../../relay/store/account-records.js';
import type { OpenPorts } from './storage-ports-contract.js';
import type { StoragePorts } from '../../relay/store/ports.js';

const quotaOf = async (ports: StoragePorts, userId: number) => (await ports.quota.standing(userId, 0)).userLeft;

async function newUser(ports: StoragePorts, username: string, extra: { email?: string; inviter_id?: number } = {}) {
  return (await ports.users.create({ username, password_hash: 'h', role: 1, ...extra }))!;
}

export function accountsContract(open: OpenPorts): void {
  it('gives each user an invitation code and blank sign-in factors, finds users by code, email, OAuth link and passkey, and lists no deleted user', async () => {
    const ports = await open();
    try {
      const ada = await newUser(ports, 'ada', { email: 'Ada@Example.com' });
      const bob = await newUser(ports, 'bob', { inviter_id: ada.id });
      expect(ada).toMatchObject({ deleted_at: 0, inviter_id: 0, aff_quota: 0, aff_history_quota: 0, aff_count: 0, totp: null, passkeys: [], oauth: [] });
      expect(ada.aff_code).toMatch(/^[A-Za-z0-9]{8}$/);
      expect(bob.aff_code).not.toBe(ada.aff_code);
      expect(bob.inviter_id).toBe(ada.id);
      expect((await ports.users.byAffCode(ada.aff_code))?.id).toBe(ada.id);
      expect((await ports.users.byEmail('ada@example.COM'))?.id).toBe(ada.id);
      expect(await ports.users.byEmail('')).toBeUndefined();
      await ports.users.update(bob.id, { oauth: [{ provider: 'github', subject: '42', name: 'bobby', linked_at: 1 }] });
      await ports.users.update(ada.id, {
        passkeys: [{ id: 'cred-1', public_key: 'pk', counter: 0, transports: ['internal'], name: 'laptop', created_at: 1, last_used_at: 0 }],
        totp: { enabled: true, backup_code_hashes: ['h1'], last_step: 7 },
      });
      expect((await ports.users.byOAuth('github', '42'))?.id).toBe(bob.id);
      expect(await ports.users.byOAuth('github', '43')).toBeUndefined();
      expect((await ports.users.byPasskey('cred-1'))?.id).toBe(ada.id);
      expect((await ports.users.get(ada.id))?.totp).toEqual({ enabled: true, backup_code_hashes: ['h1'], last_step: 7 });
      await ports.users.update(bob.id, { deleted_at: Date.now() });
      expect((await ports.users.list({ page: 1, pageSize: 10 })).items.map((u) => u.username)).toEqual(['ada']);
      // The name stays taken.
      expect(await newUser(ports, 'bob')).toBeNull();
    } finally {
      await ports.dispose();
    }
  });

  it('makes redemption codes shown once, and redeems one exactly once under 20 concurrent attempts', async () => {
    const ports = await open();
    try {
      const users = await Promise.all(Array.from({ length: 4 }, (_, i) => newUser(ports, `r${i}`)));
      const made = await ports.redemptions.create({ name: 'launch', quota: 5_000, expires_at: 0, created_by: 1 }, 3);
      expect(made).toHaveLength(3);
      expect(new Set(made.map((m) => m.code)).size).toBe(3);
      for (const { record, code } of made) expect(record).toMatchObject({ name: 'launch', quota: 5_000, status: RedemptionStatus.enabled, code_hint: code.slice(-4), redeemed_by: 0 });
      expect(JSON.stringify(await ports.redemptions.list({ page: 1, pageSize: 10 }))).not.toContain(made[0]!.code);

      const hash = sha256Hex(made[0]!.code);
      const attempts = await Promise.all(Array.from({ length: 20 }, (_, i) => ports.accounts.redeem(hash, users[i % 4]!.id)));
      const won = attempts.filter((a) => 'topUp' in a);
      expect(won).toHaveLength(1);
      expect(attempts.filter((a) => 'refused' in a && a.refused === 'used')).toHaveLength(19);
      const winner = (won[0] as { topUp: { user_id: number; quota: number; source: string; status: string } }).topUp;
      expect(winner).toMatchObject({ quota: 5_000, source: 'redemption', status: 'done' });
      for (const user of users) expect(await quotaOf(ports, user.id)).toBe(user.id === winner.user_id ? 5_000 : 0);
      expect(await ports.redemptions.get(made[0]!.record.id)).toMatchObject({ status: RedemptionStatus.used, redeemed_by: winner.user_id });
      expect((await ports.topUps.list({ page: 1, pageSize: 10, userId: winner.user_id })).items).toHaveLength(1);

      expect(await ports.accounts.redeem(sha256Hex('no such code'), users[0]!.id)).toEqual({ refused: 'unknown' });
      await ports.redemptions.update(made[1]!.record.id, { status: RedemptionStatus.disabled });
      expect(await ports.accounts.redeem(sha256Hex(made[1]!.code), users[0]!.id)).toEqual({ refused: 'disabled' });
      await ports.redemptions.update(made[2]!.record.id, { expires_at: Date.now() - 1 });
      expect(await ports.accounts.redeem(sha256Hex(made[2]!.code), users[0]!.id)).toEqual({ refused: 'expired' });
      // A used code changes no more; spent codes (used, expired) are cleared together.
      expect(await ports.redemptions.update(made[0]!.record.id, { status: RedemptionStatus.enabled })).toBeUndefined();
      expect(await ports.redemptions.removeSpent()).toBe(2);
      expect((await ports.redemptions.list({ page: 1, pageSize: 10 })).items.map((c) => c.id)).toEqual([made[1]!.record.id]);
    } finally {
      await ports.dispose();
    }
  });

  it('credits a payment once, however many times it is completed, and keeps references unique', async () => {
    const ports = await open();
    try {
      const user = await newUser(ports, 'payer');
      const pending = (await ports.topUps.createPending({ user_id: user.id, quota: 2_500_000, source: 'payment', provider: 'stripe', reference: 'cs_1', money: 5, currency: 'usd' }))!;
      expect(pending).toMatchObject({ status: 'pending', completed_at: 0 });
      expect(await ports.topUps.createPending({ user_id: user.id, quota: 1, source: 'payment', provider: 'stripe', reference: 'cs_1' })).toBeNull();
      expect(await quotaOf(ports, user.id)).toBe(0);
      const completions = await Promise.all(Array.from({ length: 5 }, () => ports.accounts.completeTopUp(pending.id)));
      expect(completions.filter((c) => c?.credited)).toHaveLength(1);
      expect(await quotaOf(ports, user.id)).toBe(2_500_000);
      expect(await ports.topUps.byReference('payment', 'cs_1')).toMatchObject({ status: 'done' });
      expect(await ports.accounts.completeTopUp(9_999)).toBeUndefined();

      const abandoned = (await ports.topUps.createPending({ user_id: user.id, quota: 10, source: 'payment', reference: 'cs_2' }))!;
      expect(await ports.topUps.close(abandoned.id, 'expired')).toMatchObject({ status: 'expired' });
      expect(await ports.topUps.close(abandoned.id, 'failed')).toBeUndefined();
      expect((await ports.topUps.list({ page: 1, pageSize: 10, status: 'expired' })).items.map((t) => t.id)).toEqual([abandoned.id]);

      const { topUp, quota } = await ports.accounts.grant(user.id, -500_000, 'correction');
      expect(topUp).toMatchObject({ source: 'admin', quota: -500_000, note: 'correction', status: 'done' });
      expect(quota).toBe(2_000_000);
      expect(await quotaOf(ports, user.id)).toBe(2_000_000);
    } finally {
      await ports.dispose();
    }
  });

  it('rewards an inviter and moves invitation quota into quota without spending it twice under concurrent transfers', async () => {
    const ports = await open();
    try {
      const inviter = await newUser(ports, 'inviter');
      for (let i = 0; i < 3; i++) await ports.accounts.rewardInviter(inviter.id, 1_000_000);
      expect(await ports.users.get(inviter.id)).toMatchObject({ aff_count: 3, aff_quota: 3_000_000, aff_history_quota: 3_000_000 });
      const transfers = await Promise.all(Array.from({ length: 10 }, () => ports.accounts.transferInvitation(inviter.id, 1_000_000)));
      expect(transfers.filter((t) => 'topUp' in t)).toHaveLength(3);
      expect(transfers.filter((t) => 'refused' in t)).toHaveLength(7);
      expect(await ports.users.get(inviter.id)).toMatchObject({ aff_quota: 0, aff_history_quota: 3_000_000 });
      expect(await quotaOf(ports, inviter.id)).toBe(3_000_000);
      expect((await ports.topUps.list({ page: 1, pageSize: 10, source: 'invitation' })).total).toBe(3);
    } finally {
      await ports.dispose();
    }
  });
}
