import { isIP } from 'node:net';

export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const plain = address.startsWith('::ffff:') ? address.slice(7) : address;
  return plain === '::1' || (isIP(plain) === 4 && plain.startsWith('127.'));
}

/** Whether binding `host` keeps the relay on this machine. */
export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || isLoopbackAddress(host);
}

/**
 * DNS-rebinding guard for a loopback-bound relay: a web page on another site can make the
 * browser send requests to 127.0.0.1 under its own host name, so only loopback host names
 * are served. Bound to the LAN, any name the network uses is fine.
 */
export function isAllowedHostHeader(hostHeader: string | undefined, boundToLoopback: boolean): boolean {
  if (!boundToLoopback) return true;
  if (!hostHeader) return false;
  const name = hostHeader.startsWith('[') ? hostHeader.slice(1, hostHeader.indexOf(']')) : hostHeader.split(':')[0]!;
  return name === 'localhost' || name.endsWith('.localhost') || isLoopbackAddress(name);
}
