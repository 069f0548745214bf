import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt (memory-hard): N=2^15, r=8, p=1 takes 32 MiB and ~100 ms per hash, the
// parameters OWASP suggests for interactive logins. Stored as `scrypt$N$r$p$salt$hash`.
const N = 2 ** 15;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEY_LENGTH, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return ['scrypt', N, R, P, salt.toString('base64'), key.toString('base64')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A valid hash of a random password: verifying against it costs what a real check costs,
 *  so a login for an unknown user takes as long as one with a wrong password. */
export const decoyPasswordHash: Promise<string> = hashPassword(randomBytes(16).toString('hex'));
