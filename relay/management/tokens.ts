import express from 'express';
import type { Router } from 'express';
import { isIP } from 'node:net';
import { ApiError } from '../http/errors.js';
import { requireRole } from './authenticate.js';
import type { ManagementContext } from './context.js';
import { ok } from './envelope.js';
import { bodyObject } from './validate.js';

/** API keys of the signed-in user. This issue: create (the key is shown this once). */
export function tokensRouter(context: ManagementContext): Router {
  const router = express.Router();
  router.post('/token', requireRole(), async (req, res) => {
    const body = bodyObject(req.body);
    const name = typeof body.name === 'string' ? body.name.trim().slice(0, 64) : '';
    if (!name) throw new ApiError(400, 'Give the key a name.');
    const expired = body.expired_time === undefined ? -1 : Number(body.expired_time);
    if (!Number.isInteger(expired) || (expired !== -1 && expired * 1000 <= Date.now())) {
      throw new ApiError(400, 'expired_time must be -1 (never) or a future Unix time in seconds.');
    }
    const remain = body.remain_quota === undefined ? 0 : Number(body.remain_quota);
    if (!Number.isInteger(remain) || remain < 0) throw new ApiError(400, 'remain_quota must be a whole number ≥ 0.');
    const allowIps = splitList(body.allow_ips, /[\n,]/);
    for (const entry of allowIps) {
      const [address, prefix] = entry.split('/');
      if (!isIP(address ?? '') || (prefix !== undefined && !/^\d{1,3}$/.test(prefix))) {
        throw new ApiError(400, `"${entry}" is not an IP address or CIDR range.`);
      }
    }
    const { record, key } = await context.tokens.create({
      user_id: req.user!.id,
      name,
      remain_quota: remain,
      unlimited_quota: Boolean(body.unlimited_quota),
      expired_time: expired,
      model_limits: splitList(body.model_limits, /,/),
      allow_ips: allowIps,
      group: typeof body.group === 'string' ? body.group.trim() : '',
      allow_balance: Boolean(body.allow_balance),
    });
    res.setHeader('Cache-Control', 'no-store');
    ok(res, { id: record.id, name: record.name, key }, 'Copy the key now: it will not be shown again.');
  });
  return router;
}

function splitList(value: unknown, separator: RegExp): string[] {
  const items = Array.isArray(value) ? value.map(String) : typeof value === 'string' ? value.split(separator) : [];
  return items.map((item) => item.trim()).filter(Boolean);
}
