// A software WebAuthn authenticator for HTTP-level tests: an ES256 key pair per passkey, made
// with node:crypto, answering registration options with a "none" attestation and
// authentication options with a signed assertion, in the JSON @simplewebauthn/browser sends.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { usedSecret } from './secret-sweep.js';

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** The CBOR the attestation needs: unsigned and negative integers, byte and text strings, maps. */
type Cbor = number | string | Uint8Array | Map<Cbor, Cbor>;
function cbor(value: Cbor): Buffer {
  const head = (major: number, length: number) => {
    if (length < 24) return Buffer.from([(major << 5) | length]);
    if (length < 256) return Buffer.from([(major << 5) | 24, length]);
    const out = Buffer.alloc(3);
    out.writeUInt8((major << 5) | 25);
    out.writeUInt16BE(length, 1);
    return out;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') return Buffer.concat([head(3, Buffer.byteLength(value)), Buffer.from(value)]);
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const counterBytes = (counter: number) => {
  const out = Buffer.alloc(4);
  out.writeUInt32BE(counter);
  return out;
};

/** Flags of authenticator data: user present, user verified, attested credential data included. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface SoftPasskey {
  id: string;
  privateKey: KeyObject;
  cosePublicKey: Buffer;
  userHandle: string;
  rpID: string;
  /** The signature counter the next assertion reports (then 1 more); always 0 when `counting` is false, as many platform passkeys do. */
  counter: number;
  counting: boolean;
}

export class SoftAuthenticator {
  readonly passkeys: SoftPasskey[] = [];

  constructor(
    /** The page's origin, as the browser would put it in the client data. */
    readonly origin: string,
  ) {}

  /** navigator.credentials.create: a new ES256 passkey for the options' relying party and user. */
  create(options: any, overrides: { origin?: string; userVerified?: boolean; counter?: number; counting?: boolean } = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cosePublicKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const credentialId = randomBytes(16);
    const rpID: string = options.rp.id;
    const counter = overrides.counter ?? 0;
    const flags = UP | AT | (overrides.userVerified === false ? 0 : UV);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([sha256(rpID), Buffer.from([flags]), counterBytes(counter), Buffer.alloc(16), credentialIdLength, credentialId, cosePublicKey]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    const passkey: SoftPasskey = { id: b64url(credentialId), privateKey, cosePublicKey, userHandle: options.user.id, rpID, counter: counter + 1, counting: overrides.counting ?? true };
    this.passkeys.push(passkey);
    usedSecret('passkey secret', privateKey.export({ format: 'jwk' }).d);
    return {
      passkey,
      response: {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
        response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]))), transports: ['internal'] },
      },
    };
  }

  /** navigator.credentials.get with `passkey` (the first one by default), signed with its private key. */
  get(options: any, overrides: { passkey?: SoftPasskey; origin?: string; counter?: number; userVerified?: boolean; signWith?: KeyObject } = {}) {
    const passkey = overrides.passkey ?? this.passkeys[0]!;
    let counter = 0;
    if (overrides.counter !== undefined) counter = overrides.counter;
    else if (passkey.counting) counter = passkey.counter++;
    const flags = UP | (overrides.userVerified === false ? 0 : UV);
    const authData = Buffer.concat([sha256(options.rpId ?? passkey.rpID), Buffer.from([flags]), counterBytes(counter)]);
    const clientDataJSON = JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false });
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), overrides.signWith ?? passkey.privateKey);
    return {
      id: passkey.id,
      rawId: passkey.id,
      type: 'public-key',
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authData), signature: b64url(signature), userHandle: passkey.userHandle },
    };
  }
}

/** Another key, to forge signatures with. */
export function strangerKey(): KeyObject {
  return generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
}
