// The API key form's values, checks and request bodies, shared by create and edit.
// Quota is typed in US dollars and sent in quota units (renderer/lib/money.ts converts).
import type { NewToken, TokenUpdate, TokenView } from '../api/tokens.js';
import { i18n } from '../i18n/index.js';
import { dateInputValue } from './date-input.js';
import { limitsBody, limitsErrors, limitsValuesOf, NO_LIMITS, type LimitsValues } from './limits-form.js';
import { quotaToUsdInput, usdInputToQuota } from './money.js';

export interface KeyFormValues {
  name: string;
  /** Dollars, as typed. */
  quotaUsd: string;
  unlimited: boolean;
  /** yyyy-mm-dd, or '' for never. */
  expiry: string;
  models: string[];
  /** One entry per line (commas work too). */
  ips: string;
  group: string;
  allowBalance: boolean;
  /** Keep the key's request and response bodies with its calls. */
  logBodies: boolean;
  /** Requests and tokens per minute, spending caps per period. */
  limits: LimitsValues;
}

export type KeyFormErrors = Partial<Record<keyof KeyFormValues, string>>;

export const NEW_KEY_VALUES: KeyFormValues = { name: '', quotaUsd: '1', unlimited: true, expiry: '', models: [], ips: '', group: '', allowBalance: false, logBodies: false, limits: NO_LIMITS };

/** A date input's value for Unix seconds, in local time ('' for never). */
function dateInput(seconds: number): string {
  return seconds === -1 ? '' : dateInputValue(seconds * 1000);
}

/** Unix seconds at the end of the picked day, local time; -1 for never, NaN for no date. */
export function expirySeconds(expiry: string): number {
  return expiry === '' ? -1 : Math.floor(Date.parse(`${expiry}T23:59:59`) / 1000);
}

export function valuesFromToken(token: TokenView): KeyFormValues {
  return {
    name: token.name,
    quotaUsd: quotaToUsdInput(token.remain_quota),
    unlimited: token.unlimited_quota,
    expiry: dateInput(token.expired_time),
    models: [...token.model_limits],
    ips: token.allow_ips.join('\n'),
    group: token.group,
    allowBalance: token.allow_balance,
    logBodies: token.log_bodies,
    limits: limitsValuesOf(token.limits),
  };
}

export function splitList(text: string): string[] {
  return [...new Set(text.split(/[\n,]/).map((item) => item.trim()).filter(Boolean))];
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/i;

function isIpv6(text: string): boolean {
  let groups = 8;
  let body = text;
  // An IPv4 tail (::ffff:10.0.0.1) takes the room of two groups.
  const lastColon = body.lastIndexOf(':');
  if (body.includes('.')) {
    if (!IPV4.test(body.slice(lastColon + 1))) return false;
    body = body.slice(0, lastColon + 1) + '0';
    groups = 7;
  }
  const halves = body.split('::');
  if (halves.length > 2) return false;
  const parts = halves.map((half) => (half === '' ? [] : half.split(':')));
  if (!parts.every((list) => list.every((group) => HEX_GROUP.test(group)))) return false;
  const count = parts.reduce((sum, list) => sum + list.length, 0);
  return halves.length === 2 ? count < groups : count === groups;
}

/** Why an allow-list entry is not an IPv4/IPv6 address or CIDR range; null when it is one. */
export function ipEntryError(entry: string): string | null {
  const [address = '', prefix, extra] = entry.split('/');
  const ok = (() => {
    if (extra !== undefined) return false;
    const bits = IPV4.test(address) ? 32 : isIpv6(address) ? 128 : 0;
    if (bits === 0) return false;
    return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
  })();
  return ok ? null : i18n.t('keys:form.badIp', { entry });
}

export function validateKeyForm(values: KeyFormValues, initial: KeyFormValues | null): KeyFormErrors {
  const errors: KeyFormErrors = {};
  const name = values.name.trim();
  if (name === '') errors.name = i18n.t('keys:form.nameIt');
  else if (name.length > 50) errors.name = i18n.t('keys:form.nameTooLong');
  if (!values.unlimited && usdInputToQuota(values.quotaUsd) === null) errors.quotaUsd = i18n.t('keys:form.quota');
  // A past expiry the key already has may stay as it is (the key shows as expired).
  if (values.expiry !== '' && values.expiry !== initial?.expiry) {
    const seconds = expirySeconds(values.expiry);
    if (Number.isNaN(seconds)) errors.expiry = i18n.t('money:make.pickDate');
    else if (seconds * 1000 <= Date.now()) errors.expiry = i18n.t('money:make.future');
  }
  const badIp = splitList(values.ips).map(ipEntryError).find((error) => error !== null);
  if (badIp) errors.ips = badIp;
  // Each limit field says what is wrong with it (limitsErrors): this only keeps the form from submitting.
  if (Object.keys(limitsErrors(values.limits)).length > 0) errors.limits = 'invalid';
  return errors;
}

/** The fields create and edit both send as they are in the form. */
function formFields(values: KeyFormValues) {
  return {
    name: values.name.trim(),
    unlimited_quota: values.unlimited,
    model_limits: values.models,
    allow_ips: splitList(values.ips),
    group: values.group,
    allow_balance: values.allowBalance,
    log_bodies: values.logBodies,
    limits: limitsBody(values.limits),
  };
}

export function newTokenBody(values: KeyFormValues): NewToken {
  return {
    ...formFields(values),
    remain_quota: values.unlimited ? 0 : (usdInputToQuota(values.quotaUsd) ?? 0),
    expired_time: expirySeconds(values.expiry),
  };
}

/**
 * `PUT /api/token` (the relay leaves out fields as they are). Quota and expiry go only when
 * the user changed them: the quota left shrinks with every call, so sending back the amount
 * the list loaded would refund what the key spent since.
 */
export function tokenUpdateBody(token: TokenView, values: KeyFormValues): TokenUpdate {
  const initial = valuesFromToken(token);
  const body: TokenUpdate = { id: token.id, ...formFields(values) };
  const quota = usdInputToQuota(values.quotaUsd);
  if (quota !== null && quota !== usdInputToQuota(initial.quotaUsd)) body.remain_quota = quota;
  if (values.expiry !== initial.expiry) body.expired_time = expirySeconds(values.expiry);
  return body;
}
