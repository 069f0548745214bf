// Passkeys: the browser's WebAuthn ceremonies (@simplewebauthn/browser) between the relay's
// options and its check of the answer.
import { browserSupportsWebAuthn, startAuthentication, startRegistration, WebAuthnError } from '@simplewebauthn/browser';
import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { api } from './client.js';
import type { ApiBody, ApiData } from './client.js';
import { verify, type Verification } from './two-factor.js';
import { i18n } from '../i18n/index.js';

export type PasskeyView = ApiData<'/api/user/passkey', 'get'>[number];
type RegistrationAnswer = ApiBody<'/api/user/passkey', 'post'>['response'];
type Assertion = ApiBody<'/api/user/passkey/login', 'post'>['response'];

/** Whether this browser can use passkeys here (WebAuthn, in a secure context: https or localhost). */
export function passkeysSupported(): boolean {
  return browserSupportsWebAuthn();
}

/** The browser's own refusals (the user closed the prompt, no passkey here) in words for a person. */
function ceremonyError(caught: unknown): Error {
  if (caught instanceof WebAuthnError && caught.name === 'NotAllowedError') return new Error(i18n.t('profile:passkeys.closed'));
  if (caught instanceof WebAuthnError && caught.code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return new Error(i18n.t('profile:passkeys.already'));
  return caught instanceof Error ? caught : new Error(i18n.t('profile:passkeys.noAnswer'));
}

async function ceremony<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (caught) {
    throw ceremonyError(caught);
  }
}

async function assertion(options: Record<string, unknown>): Promise<Assertion> {
  const answer = await ceremony(() => startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON }));
  return answer as Assertion;
}

export function listPasskeys(): Promise<PasskeyView[]> {
  return api.get('/api/user/passkey');
}

/** Makes a passkey in this browser (its prompt) and registers it under `name`. */
export async function addPasskey(name: string): Promise<PasskeyView> {
  const options = await api.post('/api/user/passkey/options', undefined);
  const answer = await ceremony(() => startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
  return api.post('/api/user/passkey', { name, response: answer as RegistrationAnswer });
}

export async function renamePasskey(id: string, name: string): Promise<void> {
  await api.put('/api/user/passkey/{id}', { name }, { params: { id } });
}

/** Removes a passkey: needs a security verification's proof. */
export async function removePasskey(id: string, verification: Verification): Promise<void> {
  await api.delete('/api/user/passkey/{id}', { params: { id }, headers: { [verification.header]: verification.proof } });
}

/** Signs in with any passkey of this site: no username, no password. */
export async function signInWithPasskey() {
  const options = await api.post('/api/user/passkey/login/options', undefined);
  return api.post('/api/user/passkey/login', { response: await assertion(options) });
}

/** A security verification with one of the signed-in user's passkeys. */
export async function verifyWithPasskey(): Promise<Verification> {
  const options = await api.post('/api/verify/passkey/options', undefined);
  return verify({ method: 'passkey', assertion: await assertion(options) });
}
