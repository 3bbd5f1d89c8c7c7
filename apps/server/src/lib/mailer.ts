import fs from 'node:fs/promises';
import path from 'node:path';
import type nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { lazyPackage } from './lazy-package';

const mailPackage = lazyPackage<typeof nodemailer>('nodemailer');

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set. Otherwise mails are written to DATA_DIR/outbox/ and to the log, so a
 * person running the demo can still use a password-reset code — but never in production, where a
 * reset code in a log file is a way into the account: there a mail without SMTP is dropped (and the
 * recovery form says recovery is not configured, so none should be sent).
 */
export function createMailer(options: { smtpUrl?: string; from: string; dataDir: string; log: FastifyBaseLogger; production?: boolean }): Mailer {
  if (options.smtpUrl) {
    const transport = mailPackage().createTransport(options.smtpUrl);
    return { send: async (mail) => void (await transport.sendMail({ from: options.from, ...mail })) };
  }
  if (options.production) {
    return { send: async (mail) => options.log.warn({ subject: mail.subject }, 'mail not sent: no SMTP_URL') };
  }
  const outbox = path.join(options.dataDir, 'outbox');
  return {
    async send(mail) {
      await fs.mkdir(outbox, { recursive: true });
      const file = path.join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${mail.to.replace(/[^\w.@-]/g, '_')}.txt`);
      await fs.writeFile(file, `From: ${options.from}\nTo: ${mail.to}\nSubject: ${mail.subject}\n\n${mail.text}\n`);
      options.log.info({ to: mail.to, subject: mail.subject, file }, `mail written to the outbox:\n${mail.text}`);
    },
  };
}
