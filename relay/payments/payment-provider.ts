// What a top-up payment provider does (Stripe today: stripe-checkout.ts). A payment is started
// for an amount and answered with a page the user pays on; quota is credited only from the
// provider's signed notice that the payment completed (its webhook), never from the browser.

export interface StartPayment {
  /** What is paid, in the currency's main unit (dollars, euros). */
  money: number;
  /** ISO code, lower case. */
  currency: string;
  /** What it buys, for the provider's page ("$10.00 of Relaydesk quota"). */
  description: string;
  userId: number;
  quota: number;
  email: string;
  /** Where the provider sends the user back after paying, or after giving up. */
  successUrl: string;
  cancelUrl: string;
}

/** A provider's notice about a payment, once its signature is verified. */
export interface PaymentNotice {
  outcome: 'completed' | 'failed' | 'expired';
  /** The payment's id at the provider (the top-up's reference). */
  reference: string;
  /** As given to `start` (read back from the notice, should the top-up record be missing). */
  userId: number;
  quota: number;
  money: number;
  currency: string;
}

export interface PaymentProvider {
  /** The URL segment: POST /api/user/<name>/pay. */
  readonly name: string;
  /** Creates the payment at the provider; answers its id and the page to pay on. */
  start(payment: StartPayment): Promise<{ reference: string; url: string }>;
  /** Verifies a webhook (raw body and headers) and reads it; null: a notice about something else. Throws when the signature does not hold. */
  notice(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentNotice | null;
}

/** A notice whose signature did not verify: answered 400, credits nothing. */
export class UnverifiedNotice extends Error {}
