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

/** The SMS settings as the environment gives them (validated by config.ts). */
export interface SmsEnv {
  SMS_PROVIDER?: 'aakash' | 'sparrow' | '' | undefined;
  SMS_TOKEN?: string | undefined;
  SMS_FROM?: string | undefined;
  SMS_API_URL?: string | undefined;
  SMS_DAILY_LIMIT: number;
  SMS_TIMEOUT_SECONDS: number;
}

/** The sender's settings: a provider only with its token; its own address unless SMS_API_URL names another. */
export function smsConfigOf(e: SmsEnv): SmsConfig {
  return {
    provider:
      e.SMS_PROVIDER && e.SMS_TOKEN
        ? { name: e.SMS_PROVIDER, token: e.SMS_TOKEN, from: e.SMS_FROM, apiUrl: e.SMS_API_URL ?? SMS_API_URLS[e.SMS_PROVIDER] }
        : undefined,
    dailyLimit: e.SMS_DAILY_LIMIT,
    timeoutMs: e.SMS_TIMEOUT_SECONDS * 1000,
  };
}
