import Stripe from 'stripe';
import type { PaymentNotice, PaymentProvider, StartPayment } from './payment-provider.js';
import { UnverifiedNotice } from './payment-provider.js';

// Top-up by card through Stripe Checkout (the official SDK): a checkout session of one line for
// the amount; the signed webhook's checkout.session.completed (paid), async_payment_succeeded,
// async_payment_failed and expired events are what count.

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API address; '' for Stripe's own. */
  apiBase: string;
}

/** Currencies Stripe counts in whole units (no cents). */
const ZERO_DECIMAL = new Set(['bif', 'clp', 'djf', 'gnf', 'jpy', 'kmf', 'krw', 'mga', 'pyg', 'rwf', 'ugx', 'vnd', 'vuv', 'xaf', 'xof', 'xpf']);

export function stripeCheckout(options: StripeOptions): PaymentProvider {
  const base = options.apiBase ? new URL(options.apiBase) : undefined;
  const stripe = new Stripe(options.secretKey, {
    ...(base ? { host: base.hostname, port: base.port || (base.protocol === 'http:' ? 80 : 443), protocol: base.protocol === 'http:' ? 'http' : 'https' } : {}),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });
  const minorUnits = (money: number, currency: string) => (ZERO_DECIMAL.has(currency) ? Math.round(money) : Math.round(money * 100));
  const majorUnits = (amount: number, currency: string) => (ZERO_DECIMAL.has(currency) ? amount : amount / 100);
  return {
    name: 'stripe',
    async start(payment: StartPayment) {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [{ quantity: 1, price_data: { currency: payment.currency, unit_amount: minorUnits(payment.money, payment.currency), product_data: { name: payment.description } } }],
        success_url: payment.successUrl,
        cancel_url: payment.cancelUrl,
        client_reference_id: String(payment.userId),
        ...(payment.email ? { customer_email: payment.email } : {}),
        metadata: { relaydesk_user_id: String(payment.userId), relaydesk_quota: String(payment.quota) },
      });
      if (!session.url) throw new Error('Stripe answered a checkout session without a payment page.');
      return { reference: session.id, url: session.url };
    },
    notice(rawBody, headers) {
      const signature = headers['stripe-signature'];
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(rawBody, typeof signature === 'string' ? signature : '', options.webhookSecret);
      } catch (error) {
        throw new UnverifiedNotice(error instanceof Error ? error.message : String(error));
      }
      const outcome = OUTCOMES[event.type];
      if (!outcome) return null;
      const session = event.data.object as Stripe.Checkout.Session;
      // A completed session paid later (a bank transfer) is completed by async_payment_succeeded instead.
      if (event.type === 'checkout.session.completed' && session.payment_status === 'unpaid') return null;
      const currency = session.currency ?? '';
      return {
        outcome,
        reference: session.id,
        userId: Number(session.metadata?.relaydesk_user_id ?? 0),
        quota: Number(session.metadata?.relaydesk_quota ?? 0),
        money: majorUnits(session.amount_total ?? 0, currency),
        currency,
      } satisfies PaymentNotice;
    },
  };
}

const OUTCOMES: Partial<Record<string, PaymentNotice['outcome']>> = {
  'checkout.session.completed': 'completed',
  'checkout.session.async_payment_succeeded': 'completed',
  'checkout.session.async_payment_failed': 'failed',
  'checkout.session.expired': 'expired',
};
