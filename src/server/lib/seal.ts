import crypto from 'node:crypto';

/**
 * AES-256-GCM under a key derived from the server secret and a purpose, for payloads of queued
 * jobs that hold a secret (a code): the jobs table then reveals none. Output: base64url(iv ‖ tag ‖ ciphertext).
 */
export class Sealer {
  private readonly key: Buffer;

  constructor(purpose: string, secret: string) {
    this.key = crypto.createHash('sha256').update(`${purpose}:${secret}`).digest();
  }

  seal(text: string): string {
    const iv = crypto.randomBytes(12);
    const cipher = crypto.createCipheriv('aes-256-gcm', this.key, iv);
    const encrypted = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), encrypted]).toString('base64url');
  }

  /** Throws when the text was sealed under another key or changed. */
  open(sealed: string): string {
    const data = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', this.key, data.subarray(0, 12));
    decipher.setAuthTag(data.subarray(12, 28));
    return Buffer.concat([decipher.update(data.subarray(28)), decipher.final()]).toString('utf8');
  }
}
