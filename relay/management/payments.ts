import { Type } from '@sinclair/typebox';
import type { Request } from 'express';
import { QUOTA_PER_USD, usdText } from '../billing/pricing.js';
import { ApiError } from '../http/errors.js';
import type { PaymentProvider } from '../payments/payment-provider.js';
import { UnverifiedNotice } from '../payments/payment-provider.js';
import { stripeCheckout } from '../payments/stripe-checkout.js';
import { secretNameOfOption, storedSettings, type Settings } from '../settings.js';
import { LogType } from '../store/logs/index.js';
import type { ManagementContext } from './context.js';
import { Answer, route } from './route.js';
import { logTopUp } from './top-up.js';

// Top-up payments: POST /api/user/<provider>/pay starts one (a pending top-up, the provider's
// page to pay on); the provider's signed webhook completes it, crediting the quota once however
// often the notice comes. Stripe Checkout is the provider; the interface leaves room for others.

const PROVIDERS = ['stripe'] as const;

/** Stripe's two secrets, or null while card top-up is not set up. */
export async function stripeSecrets(context: ManagementContext): Promise<{ secretKey: string; webhookSecret: string } | null> {
  const [secretKey, webhookSecret] = await Promise.all([context.secrets.get(secretNameOfOption('stripe_secret_key')), context.secrets.get(secretNameOfOption('stripe_webhook_secret'))]);
  return secretKey && webhookSecret ? { secretKey, webhookSecret } : null;
}

async function providerNamed(context: ManagementContext, name: string, settings: Readonly<Settings>): Promise<PaymentProvider> {
  if (!(PROVIDERS as readonly string[]).includes(name)) throw new ApiError(404, `No payment provider "${name}": the relay takes payments through ${PROVIDERS.join(', ')}.`);
  const secrets = await stripeSecrets(context);
  if (!secrets) throw new ApiError(400, 'Card top-up is not set up: an administrator sets stripe_secret_key and stripe_webhook_secret in Settings (billing).');
  return stripeCheckout({ ...secrets, apiBase: settings.stripe_api_base });
}

/** The console's own address, for the provider to send the user back to. */
function consoleOrigin(req: Request, basePath: string): string {
  const origin = typeof req.headers.origin === 'string' && req.headers.origin !== 'null' ? req.headers.origin : `${req.protocol}://${req.get('host')}`;
  return origin + basePath;
}

export function paymentRoutes(context: ManagementContext) {
  return [
    route({
      method: 'get',
      path: '/user/topup/info',
      tag: 'top-up',
      access: 'user',
      summary: 'How you can top up: which payment providers are set up, the price of 1 USD of quota and the least one payment buys',
      response: Type.Object({
        providers: Type.Array(Type.String(), { description: 'Payment providers set up (stripe); empty: card top-up is off' }),
        unit_price: Type.Number({ description: 'What 1 USD of quota costs, in currency' }),
        currency: Type.String(),
        min_usd: Type.Number({ description: 'The least USD of quota one payment buys' }),
      }),
      handler: async () => {
        const settings = await storedSettings(context.store);
        const providers = (await stripeSecrets(context)) ? [...PROVIDERS] : [];
        return { providers, unit_price: settings.payment_unit_price, currency: settings.payment_currency, min_usd: settings.payment_min_usd };
      },
    }),
    route({
      method: 'post',
      path: '/user/:provider/pay',
      tag: 'top-up',
      access: 'user',
      summary: "Start a top-up payment: answers the provider's page to pay on; the quota is added when the provider confirms the payment",
      body: Type.Object({ amount: Type.Number({ description: 'USD of quota to buy' }) }),
      response: Type.Object({ url: Type.String(), top_up_id: Type.Integer(), quota: Type.Integer(), money: Type.Number(), currency: Type.String() }),
      audit: false,
      handler: async ({ body, params, user, req }) => {
        const settings = await storedSettings(context.store);
        const provider = await providerNamed(context, String(params.provider), settings);
        if (!Number.isFinite(body.amount) || body.amount < settings.payment_min_usd) throw new ApiError(400, `The least one payment buys is ${settings.payment_min_usd} USD of quota.`);
        const quota = Math.round(body.amount * QUOTA_PER_USD);
        const money = Math.round(body.amount * settings.payment_unit_price * 100) / 100;
        const back = `${consoleOrigin(req, settings.base_path)}/wallet`;
        const started = await provider
          .start({
            money,
            currency: settings.payment_currency,
            description: `${usdText(quota)} of ${settings.site_name} quota`,
            userId: user.id,
            quota,
            email: user.email,
            successUrl: `${back}?payment=done`,
            cancelUrl: `${back}?payment=cancelled`,
          })
          .catch((error: unknown) => {
            throw new ApiError(502, `${provider.name} did not start the payment: ${error instanceof Error ? error.message : String(error)}`);
          });
        const topUp = await context.store.topUps.createPending({ user_id: user.id, quota, source: 'payment', provider: provider.name, reference: started.reference, money, currency: settings.payment_currency });
        if (!topUp) throw new ApiError(409, 'This payment was started already.');
        return new Answer({ url: started.url, top_up_id: topUp.id, quota, money, currency: settings.payment_currency }, `Pay ${money} ${settings.payment_currency.toUpperCase()} on the page that opens.`);
      },
    }),
    ...PROVIDERS.map((name) =>
      route({
      method: 'post',
      path: `/${name}/webhook`,
      tag: 'top-up',
      access: 'public',
      summary: "The payment provider's signed notices (Stripe: checkout.session.*): a completed payment's quota is added once, however often it is sent",
      response: Type.Object({ top_up_id: Type.Integer(), credited: Type.Boolean() }),
      handler: async ({ req }) => {
        const provider = await providerNamed(context, name, await storedSettings(context.store));
        const raw = (req as { rawBody?: Buffer }).rawBody;
        if (!raw) throw new ApiError(400, 'The notice has no JSON body.');
        let notice;
        try {
          notice = provider.notice(raw, req.headers);
        } catch (error) {
          if (error instanceof UnverifiedNotice) throw new ApiError(400, `The notice's signature does not verify: ${error.message}`);
          throw error;
        }
        if (!notice) return new Answer({ top_up_id: 0, credited: false }, 'Not a payment notice: nothing to do.');
        let topUp = await context.store.topUps.byReference('payment', notice.reference);
        // Started, then the relay stopped before it kept the top-up: the signed notice says what it was for.
        if (!topUp && notice.userId > 0 && notice.quota > 0) {
          topUp = (await context.store.topUps.createPending({ user_id: notice.userId, quota: notice.quota, source: 'payment', provider: provider.name, reference: notice.reference, money: notice.money, currency: notice.currency })) ?? (await context.store.topUps.byReference('payment', notice.reference));
        }
        if (!topUp) throw new ApiError(404, `No top-up for payment ${notice.reference}.`);
        if (notice.outcome !== 'completed') {
          await context.store.topUps.close(topUp.id, notice.outcome);
          return new Answer({ top_up_id: topUp.id, credited: false }, `Payment ${notice.outcome}.`);
        }
        const completed = await context.store.accounts.completeTopUp(topUp.id);
        if (completed?.credited) {
          const owner = await context.store.users.get(topUp.user_id);
          logTopUp(context, req, owner ?? { id: topUp.user_id, username: '' }, completed.topUp, `Paid ${topUp.money} ${topUp.currency.toUpperCase()} through ${provider.name} for ${usdText(topUp.quota)}`);
        } else if (completed) {
          context.store.logs.append({ type: LogType.system, user_id: topUp.user_id, content: `A repeated ${provider.name} notice for top-up ${topUp.id} credited nothing (credited before)` });
        }
        return new Answer({ top_up_id: topUp.id, credited: completed?.credited ?? false }, completed?.credited ? 'Credited.' : 'Credited before: nothing added.');
      },
    }),
    ),
  ];
}
