// A fake of Stripe's Checkout API as the official SDK calls it (POST /v1/checkout/sessions,
// form-encoded, Bearer secret key), and the webhook notices Stripe sends afterwards, signed
// with Stripe's real scheme (the SDK's own generateTestHeaderString: HMAC-SHA256 of
// "<timestamp>.<payload>" under the endpoint's whsec_ secret).
import { randomBytes } from 'node:crypto';
import Stripe from 'stripe';
import { startFakeUpstream, type Answer, type FakeUpstream, type RecordedRequest } from './harness.js';

export const FAKE_STRIPE_KEY = 'sk_test_fake_4f9a2c';
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_7d1e0b';

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  url: string;
  amount_total: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  success_url: string;
  cancel_url: string;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
}

export interface FakeStripe extends FakeUpstream {
  sessions: Map<string, FakeSession>;
  /** Sends Stripe's notice of `type` about the session to the webhook URL (signed unless `secret` says otherwise); answers the relay's answer. */
  notify(webhookUrl: string, sessionId: string, type?: string, options?: { secret?: string; payload?: string }): Promise<{ status: number; json: any }>;
}

function stripeError(status: number, message: string, type = 'invalid_request_error'): Answer {
  return { status, json: { error: { message, type } } };
}

export async function startFakeStripe(): Promise<FakeStripe> {
  const sessions = new Map<string, FakeSession>();
  const script = (request: RecordedRequest): Answer => {
    if (request.headers.authorization !== `Bearer ${FAKE_STRIPE_KEY}`) return stripeError(401, 'Invalid API Key provided.');
    if (request.method !== 'POST' || request.path !== '/v1/checkout/sessions') return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path}).`);
    const form = new URLSearchParams(request.rawBody);
    const unitAmount = Number(form.get('line_items[0][price_data][unit_amount]'));
    const quantity = Number(form.get('line_items[0][quantity]') ?? 1);
    const currency = form.get('line_items[0][price_data][currency]') ?? '';
    if (!Number.isInteger(unitAmount) || unitAmount < 50 || !currency) return stripeError(400, 'Invalid line_items: unit_amount must be at least 50 (0.50) and a currency given.');
    if (form.get('mode') !== 'payment') return stripeError(400, 'mode must be payment.');
    const id = `cs_test_${randomBytes(12).toString('hex')}`;
    const metadata: Record<string, string> = {};
    for (const [key, value] of form) {
      const match = /^metadata\[(.+)\]$/.exec(key);
      if (match) metadata[match[1]!] = value;
    }
    const session: FakeSession = {
      id,
      object: 'checkout.session',
      url: `${fake.url}/pay/${id}`,
      amount_total: unitAmount * quantity,
      currency,
      client_reference_id: form.get('client_reference_id'),
      customer_email: form.get('customer_email'),
      metadata,
      success_url: form.get('success_url') ?? '',
      cancel_url: form.get('cancel_url') ?? '',
      mode: 'payment',
      payment_status: 'unpaid',
      status: 'open',
    };
    sessions.set(id, session);
    return { json: session };
  };
  const fake = (await startFakeUpstream(script)) as FakeStripe;
  fake.sessions = sessions;
  fake.notify = async (webhookUrl, sessionId, type = 'checkout.session.completed', options = {}) => {
    const session = sessions.get(sessionId);
    if (!session) throw new Error(`No fake session ${sessionId}`);
    const paid = type === 'checkout.session.completed' || type === 'checkout.session.async_payment_succeeded';
    const object = { ...session, payment_status: paid ? 'paid' : session.payment_status, status: type === 'checkout.session.expired' ? 'expired' : paid ? 'complete' : session.status };
    const event = { id: `evt_${randomBytes(8).toString('hex')}`, object: 'event', api_version: Stripe.API_VERSION, created: Math.floor(Date.now() / 1000), type, data: { object } };
    const payload = options.payload ?? JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? FAKE_WEBHOOK_SECRET });
    const response = await fetch(webhookUrl, { method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature, 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' }, body: payload });
    return { status: response.status, json: await response.json().catch(() => undefined) };
  };
  return fake;
}
