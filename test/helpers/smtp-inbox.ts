import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { onTestFinished } from 'vitest';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The raw message (headers and body). */
  raw: string;
}

/** A local SMTP server (no TLS) keeping what it receives; the password it takes is `password`. */
export async function startSmtpInbox(options: { account?: string; password?: string } = {}) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authOptional: !options.account,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.account && auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** The next mail to `to` (waits up to 5 s). */
    async mailTo(to: string): Promise<ReceivedMail> {
      const deadline = Date.now() + 5000;
      for (;;) {
        const found = received.find((m) => m.to.includes(to));
        if (found) {
          received.splice(received.indexOf(found), 1);
          return found;
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within 5 s`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
  };
}

/** The first match of `pattern`'s group 1 in a mail's body (quoted-printable soft breaks joined). */
export function codeIn(mail: ReceivedMail, pattern: RegExp): string {
  const body = mail.raw.replace(/=\r?\n/g, '');
  const match = pattern.exec(body);
  if (!match?.[1]) throw new Error(`no code in mail: ${body}`);
  return match[1];
}
