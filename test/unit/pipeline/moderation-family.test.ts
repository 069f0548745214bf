// What a moderation call is metered and reserved beyond the one request every call is: its
// text's input tokens, counted by the relay (moderation answers report no usage).
import { describe, expect, it } from 'vitest';
import { countTokens } from '../../../relay/billing/estimate-tokens.js';
import { quotaFor } from '../../../relay/billing/quota-math.js';
import { planReservation } from '../../../relay/billing/reservation-plan.js';
import { moderationFamily } from '../../../relay/pipeline/moderation-family.js';
import { openaiModerationCodec } from '../../../relay/protocols/openai-chat/moderation-codec.js';
import type { Answered } from '../../../relay/pipeline/send-upstream.js';

const family = moderationFamily(openaiModerationCodec, () => 'house-moderator');
const decode = (body: unknown) => family.decode(body, {}, []);
const answered: Answered = { ok: true, usage: undefined, outputText: '', firstByteMs: 1, clientGone: false };

describe('moderation family', () => {
  it('is the moderation family, and routes a call without a model as the default', () => {
    expect(family.family).toBe('moderation');
    expect(decode({ input: 'x' })).toMatchObject({ model: 'house-moderator', stream: false });
  });

  it('meters the tokens of the text (of every string, of the text parts; images are not counted), no output', async () => {
    const { call } = decode({ input: [{ type: 'text', text: 'I will kill them all' }, { type: 'image_url', image_url: { url: 'https://example.com/a-very-long-image-name.png' } }] });
    expect(await family.meter(call, answered)).toEqual({ inputTokens: await countTokens('I will kill them all'), outputTokens: 0, estimated: true });
    const strings = await family.meter(decode({ input: ['one', 'two'] }).call, answered);
    expect(strings.inputTokens).toBe((await countTokens('one')) + (await countTokens('two')));
  });

  it('reserves a token per UTF-8 byte of text, which covers what the tokens are charged', async () => {
    const { call } = decode({ input: ['some text', 'ünïcödé'] });
    const bound = family.estimate(call, 4096);
    expect(bound).toMatchObject({ outputTokens: 0, promptTokens: Buffer.byteLength('some text') + Buffer.byteLength('ünïcödé') });
    const usage = await family.meter(call, answered);
    const price = { modelRatio: 10 };
    expect(planReservation({ ...bound, price, groupRatio: 1, available: 1e9 }).amount).toBeGreaterThanOrEqual(quotaFor(usage, price, 1));
  });
});
