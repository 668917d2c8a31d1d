import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** A stable Message-ID (`<…@domain>`): a mail sent again after a crash is recognisable as the same one. */
  messageId?: string;
  /** Extra headers (an alert's List-Unsubscribe and List-Unsubscribe-Post). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** Real mail over SMTP_URL (smtp:// or smtps://). nodemailer is loaded with the first mail, not at start-up. */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const open = () => (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl)));
  return {
    async send(message) {
      await (await open()).sendMail({ from, ...message });
    },
    close: () => {
      void transport?.then(
        (opened) => opened.close(),
        () => undefined,
      );
    },
  };
}

/**
 * With no SMTP configured, each mail becomes a text file under DATA_DIR/outbox so a local
 * demo can read its codes. The log names the file, never its contents. Names are the time and the
 * recipient plus a random suffix, and a file is only ever created, never overwritten ('wx'): two
 * mails to one address in the same millisecond (an order's confirmation and its payment mail) are
 * two files, not one that the second replaced.
 */
export function createOutboxMailer(dataDir: string, from: string, log: FastifyBaseLogger): Mailer {
  const outbox = path.join(dataDir, 'outbox');
  return {
    async send(message) {
      await fs.mkdir(outbox, { recursive: true, mode: 0o700 });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const id = message.messageId ? `Message-ID: ${message.messageId}\n` : '';
      const body = `From: ${from}\nTo: ${message.to}\nSubject: ${message.subject}\n${id}\n${message.text}\n`;
      for (let attempt = 1; ; attempt++) {
        const file = path.join(outbox, `${stamp}-${safeTo}-${randomBytes(4).toString('hex')}.txt`);
        try {
          await fs.writeFile(file, body, { mode: 0o600, flag: 'wx' });
          log.info({ file }, 'mail written to the dev outbox');
          return;
        } catch (error) {
          // A name already taken (a one-in-four-billion draw): draw again rather than overwrite.
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 5) throw error;
        }
      }
    },
    close: () => undefined,
  };
}
