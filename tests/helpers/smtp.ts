import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  to: string[];
  /** The Message-ID header: the same mail sent twice (after a crash) has the same one. */
  messageId: string;
  from: string;
  raw: string;
  subject: string;
  /** The message with quoted-printable soft breaks and escapes undone, good enough to search. */
  text: string;
}

/** A real SMTP server on a random local port that keeps every message it receives. */
export class MailCatcher {
  readonly messages: CapturedMail[] = [];
  private readonly server: SMTPServer;
  private waiters: Array<() => void> = [];
  port = 0;

  /** `delayMs`: each message is answered that long after it arrived (a slow mail server). */
  constructor(private readonly options: { delayMs?: number } = {}) {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.messages.push({
            raw,
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            subject: /^Subject: (.*)$/im.exec(raw)?.[1]?.trim() ?? '',
            messageId: /^Message-ID: *(<[^>\r\n]+>)/im.exec(raw)?.[1] ?? '',
            text: decodeQuotedPrintable(raw),
          });
          for (const wake of this.waiters.splice(0)) wake();
          if (this.options.delayMs) setTimeout(() => callback(), this.options.delayMs);
          else callback();
        });
      },
    });
  }

  /** Listens on `port` (0: any free one); answers the SMTP_URL to use. */
  async start(port = 0): Promise<string> {
    await new Promise<void>((resolve, reject) => {
      this.server.once('error', reject);
      this.server.listen(port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.server.address() as AddressInfo).port;
    return `smtp://127.0.0.1:${this.port}`;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  /** Waits until `count` messages have arrived in all, up to `timeoutMs`. */
  async waitForCount(count: number, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.messages.length < count) {
      if (Date.now() > deadline) throw new Error(`${this.messages.length} of ${count} mails arrived within the timeout`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  /** Waits for the first message to `to` after `since` messages, up to `timeoutMs`. */
  async waitFor(to: string, options: { since?: number; timeoutMs?: number } = {}): Promise<CapturedMail> {
    const deadline = Date.now() + (options.timeoutMs ?? 10_000);
    for (;;) {
      const found = this.messages
        .slice(options.since ?? 0)
        .find((mail) => mail.to.includes(to.toLowerCase()) || mail.to.includes(to));
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${to} within the timeout`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 200));
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The latest 6-digit code mailed to `to`. */
  async otpFor(to: string, since = 0): Promise<string> {
    const mail = await this.waitFor(to, { since });
    const code = /\b(\d{6})\b/.exec(
      mail.text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join('\n'),
    )?.[1];
    if (!code) throw new Error(`no code in the mail to ${to}`);
    return code;
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}
