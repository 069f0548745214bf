import { describe, expect, it } from 'vitest';
import { ipEntryError, NEW_KEY_VALUES, newTokenBody, validateKeyForm } from '../../renderer/lib/key-form.js';

describe('IP allow-list entries', () => {
  it.each(['127.0.0.1', '0.0.0.0/0', '10.0.0.0/8', '203.0.113.7/32', '::1', '::', '2001:db8::/32', 'fe80::1:2:3:4', '2001:0db8:0000:0000:0000:ff00:0042:8329', '::ffff:192.168.1.5', '2001:db8::/128'])(
    'accepts %s',
    (entry) => expect(ipEntryError(entry)).toBeNull(),
  );

  it.each(['10.0.0.300', '10.0.0', '10.0.0.0/33', '10.0.0.1/', 'localhost', '1.2.3.4/8/1', '2001:db8::/129', '1:2:3:4:5:6:7:8:9', '1::2::3', '12345::', 'gggg::1', '01.2.3.4', '::ffff:1.2.3'])(
    'refuses %s with a message saying what would do',
    (entry) => expect(ipEntryError(entry)).toBe(`“${entry}” is not an IP address or CIDR range. Use e.g. 203.0.113.7, 10.0.0.0/8 or 2001:db8::/32.`),
  );

  it('checks every line of the allow list and reports the first bad one', () => {
    const errors = validateKeyForm({ ...NEW_KEY_VALUES, name: 'k', ips: '10.0.0.1\n, 999.1.1.1\n::1' }, null);
    expect(errors).toEqual({ ips: expect.stringContaining('“999.1.1.1”') });
  });
});

describe('quota in dollars', () => {
  it('sends the typed dollars as quota units (500 000 a dollar), or 0 when unlimited', () => {
    expect(newTokenBody({ ...NEW_KEY_VALUES, name: 'k', unlimited: false, quotaUsd: '0.25' }).remain_quota).toBe(125_000);
    expect(newTokenBody({ ...NEW_KEY_VALUES, name: 'k', unlimited: true, quotaUsd: '7' }).remain_quota).toBe(0);
    expect(validateKeyForm({ ...NEW_KEY_VALUES, name: 'k', unlimited: false, quotaUsd: '1,5' }, null).quotaUsd).toMatch(/amount in dollars/);
    expect(validateKeyForm({ ...NEW_KEY_VALUES, name: 'k', unlimited: true, quotaUsd: 'x' }, null)).toEqual({});
  });
});
