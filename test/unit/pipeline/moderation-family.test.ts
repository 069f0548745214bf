// What a moderation call is billed and reserved: one request (priced through unit prices) and
// its text's input tokens counted by the relay (priced through the model ratio), either or both.
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../relay/billing/estimate-tokens.js';
import type { ModelPrice } from '../../../relay/billing/pricing.js';
import { quotaFor } from '../../../relay/billing/quota-math.js';
import { planReservation } from '../../../relay/billing/reservation-plan.js';
import { moderationFamily } from '../../../relay/pipeline/moderation-family.js';
import { openaiModerationCodec } from '../../../relay/protocols/openai-chat/moderation-codec.js';

const family = moderationFamily(openaiModerationCodec, () => 'house-moderator');
const decode = (body: unknown) => family.decode(body, {}, []);

describe('moderation family', () => {
  it('is the moderation family, and routes a call without a model as the default', () => {
    expect(family.family).toBe('moderation');
    expect(decode({ input: 'x' })).toMatchObject({ model: 'house-moderator', stream: false });
  });

  it('meters one request and the tokens of the text parts (images are not counted)', async () => {
    const { call } = decode({ input: [{ type: 'text', text: 'I will kill them all' }, { type: 'image_url', image_url: { url: 'https://example.com/a-very-long-image-name.png' } }] });
    const usage = await family.meter(call, { ok: true, usage: undefined, outputText: '', firstByteMs: 1, clientGone: false });
    expect(usage).toMatchObject({ inputTokens: await countTokens('I will kill them all'), outputTokens: 0, units: { requests: 1 }, estimated: true });
    const strings = await family.meter(decode({ input: ['one', 'two'] }).call, { ok: true, usage: undefined, outputText: '', firstByteMs: 1, clientGone: false });
    expect(strings.inputTokens).toBe((await countTokens('one')) + (await countTokens('two')));
  });

  const perRequest: ModelPrice = { unitPrices: { requests: 0.002 } };
  const both: ModelPrice = { modelRatio: 10, unitPrices: { requests: 0.002 } };

  it('charges per request through unit prices, per token through the ratio, or both, times the group ratio', async () => {
    const { call } = decode({ input: 'a few words to count' });
    const usage = await family.meter(call, { ok: true, usage: undefined, outputText: '', firstByteMs: 1, clientGone: false });
    expect(quotaFor(usage, perRequest, 1)).toBe(1000); // 0.002 USD × 500 000
    expect(quotaFor(usage, perRequest, 2)).toBe(2000);
    expect(quotaFor(usage, both, 1)).toBe(1000 + usage.inputTokens * 10);
  });

  it('reserves a bound that covers what is charged: the request and a token per byte of text', async () => {
    const { call } = decode({ input: ['some text', 'ünïcödé'] });
    const bound = family.estimate(call, 4096);
    expect(bound).toMatchObject({ outputTokens: 0, units: { requests: 1 }, promptTokens: Buffer.byteLength('some text') + Buffer.byteLength('ünïcödé') });
    const usage = await family.meter(call, { ok: true, usage: undefined, outputText: '', firstByteMs: 1, clientGone: false });
    for (const price of [perRequest, both]) {
      const plan = planReservation({ ...bound, price, groupRatio: 1, available: 1e9 });
      expect(plan.amount).toBeGreaterThanOrEqual(quotaFor(usage, price, 1));
    }
    // Too little left for the one request: refused rather than under-reserved.
    expect(planReservation({ ...bound, price: perRequest, groupRatio: 1, available: 999 }).amount).toBeUndefined();
  });
});
