/** How texts reach phones (features/sms). */
export interface SmsConfig {
  /** The gateway, or undefined: texts are written to DATA_DIR/outbox/sms for a local demo. */
  provider: { name: 'aakash' | 'sparrow'; token: string; from: string | undefined; apiUrl: string } | undefined;
  /** Texts the shop sends in one Nepal day; after that codes go by mail only. */
  dailyLimit: number;
  /** One call to the gateway that takes longer has failed and is retried. */
  timeoutMs: number;
}

/** The providers' own send addresses (their public API documents); SMS_API_URL overrides them. */
export const SMS_API_URLS = {
  aakash: 'https://sms.aakashsms.com/sms/v3/send',
  sparrow: 'https://api.sparrowsms.com/v2/sms/',
} as const;
