// Outgoing mail (verification codes, password reset) over the SMTP server the settings name.
import nodemailer from 'nodemailer';
import type { SecretStore } from '../secrets/secret-store.js';
import { secretNameOfOption, type Settings } from '../settings.js';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Mail can be sent: an SMTP server and a sender (the From address, or the account) are set. */
export function mailConfigured(settings: Pick<Settings, 'smtp_server' | 'smtp_from' | 'smtp_account'>): boolean {
  return settings.smtp_server !== '' && (settings.smtp_from !== '' || settings.smtp_account.includes('@'));
}

/**
 * Sends one message. Port 465 speaks TLS from the start; any other port upgrades with STARTTLS
 * when the server offers it. Throws when the server refuses or cannot be reached.
 */
export async function sendMail(settings: Settings, secrets: Pick<SecretStore, 'get'>, mail: Mail): Promise<void> {
  const password = (await secrets.get(secretNameOfOption('smtp_password'))) ?? '';
  const transport = nodemailer.createTransport({
    host: settings.smtp_server,
    port: settings.smtp_port,
    secure: settings.smtp_port === 465,
    auth: settings.smtp_account ? { user: settings.smtp_account, pass: password } : undefined,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  try {
    await transport.sendMail({ from: `"${settings.site_name.replaceAll('"', '')}" <${settings.smtp_from || settings.smtp_account}>`, to: mail.to, subject: mail.subject, text: mail.text });
  } finally {
    transport.close();
  }
}
