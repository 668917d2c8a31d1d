import type { S3Settings } from './lib/s3-storage.js';
import { type SmsConfig, smsConfigOf } from './lib/sms-settings.js';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { CART_QUANTITY_MAX } from '../shared/cart.js';
import { type StoreFacts, defaultStoreFacts } from '../shared/store.js';

/**
 * Environment configuration, validated once at start-up.
 * Nothing else in the server reads process.env.
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

const optionalUrl = optionalString.refine(
  (value) => value === undefined || /^https?:\/\//.test(value),
  'must be an http:// or https:// URL',
);
/**
 * Delivery time in days: one number or a range (`2`, `1-2`), at most 30 days; blank is the default.
 * Answers {min, max}, so the web can write it in either language ('1–2 days', '१–२ दिन').
 */
const deliveryDays = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((raw, context) => {
      const value = raw.trim() === '' ? fallback : raw;
      const match = /^\s*(\d{1,2})\s*(?:[-–]\s*(\d{1,2})\s*)?$/.exec(value);
      const min = Number(match?.[1]);
      const max = match?.[2] === undefined ? min : Number(match[2]);
      if (!match || max < min || max > 30) {
        context.addIssue({ code: 'custom', message: 'must be a number of days or a range such as 1-2 (at most 30)' });
        return z.NEVER;
      }
      return { min, max };
    });

/** Rupees, a whole number or with paisa (`100`, `99.50`). */
const rupees = z.coerce.number({ error: 'must be an amount in rupees' }).min(0).max(1_000_000);

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().trim().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalString.refine(
      (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
      'must be a postgres:// or postgresql:// URL (leave it unset for the embedded SQLite database)',
    ),
    SMTP_URL: optionalString.refine(
      (value) => value === undefined || /^smtps?:\/\//.test(value),
      'must be an smtp:// or smtps:// URL (leave it unset to write mail to the dev outbox)',
    ),
    MAIL_FROM: z.string().trim().min(3).default('Pasal <no-reply@pasal.com.np>'),
    JWT_SECRET: optionalString.refine(
      (value) => value === undefined || value.length >= 32,
      'must be at least 32 characters long',
    ),
    ADMIN_USERNAME: optionalString,
    ADMIN_PASSWORD: optionalString.refine(
      (value) => value === undefined || value.length >= 8,
      'must be at least 8 characters long',
    ),
    STORE_NAME: z.string().trim().min(1).default(defaultStoreFacts.name),
    STORE_EMAIL: z.email().default(defaultStoreFacts.email),
    STORE_PHONES: z
      .string()
      .default(defaultStoreFacts.phones.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((phone) => phone.trim())
          .filter(Boolean),
      )
      .refine((phones) => phones.length >= 1 && phones.length <= 3, 'must list one to three phone numbers, comma-separated'),
    STORE_ADDRESS: z.string().trim().min(1).default(defaultStoreFacts.address),
    // Shown in the footer as written (e.g. 'Sun–Fri 10:00–19:00'); unset, the footer says nothing of hours.
    STORE_HOURS: optionalString.refine((value) => value === undefined || value.length <= 100, 'must be at most 100 characters'),
    PUBLIC_URL: optionalString.refine(
      (value) => value === undefined || /^https?:\/\//.test(value),
      'must be an http:// or https:// URL',
    ),
    CORS_ORIGINS: optionalString,
    // Product images in an S3-compatible bucket, named the way the AWS SDK names them everywhere.
    S3_BUCKET: optionalString,
    AWS_REGION: optionalString,
    AWS_ENDPOINT_URL_S3: optionalString.refine(
      (value) => value === undefined || /^https?:\/\//.test(value),
      'must be an http:// or https:// URL',
    ),
    AWS_ACCESS_KEY_ID: optionalString,
    AWS_SECRET_ACCESS_KEY: optionalString,
    S3_FORCE_PATH_STYLE: z.enum(['true', 'false', '1', '0', '']).optional(),
    IMAGE_BASE_URL: optionalString.refine(
      (value) => value === undefined || /^https?:\/\/[^\s?#]+$/.test(value),
      'must be an http:// or https:// address without ? or #',
    ),
    TRUST_PROXY: z
      .string()
      .default('false')
      .transform((value, context) => {
        const parsed = parseTrustProxy(value);
        if (typeof parsed === 'string') {
          context.addIssue({ code: 'custom', message: parsed });
          return z.NEVER;
        }
        return parsed;
      }),
    API_DOCS: z.enum(['true', 'false', '1', '0', '']).optional(),
    // A whole request (headers and body) must arrive within this many seconds, else 408 and closed.
    REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(120),
    REGISTER_PER_IP_MINUTE: z.coerce.number().int().min(1).default(10),
    REGISTER_PER_IP_HOUR: z.coerce.number().int().min(1).default(60),
    SEND_OTP_PER_IP_HOUR: z.coerce.number().int().min(1).default(30),
    VERIFY_OTP_PER_IP_HOUR: z.coerce.number().int().min(1).default(100),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((value) => value !== 'false' && value !== '0'),
    // Payments. The sandbox runs only when PAYMENT_SANDBOX is true (or 1); unset is off.
    PAYMENT_SANDBOX: z.enum(['true', 'false', '1', '0', '']).optional(),
    ESEWA_FORM_URL: optionalUrl,
    ESEWA_STATUS_URL: optionalUrl,
    ESEWA_PRODUCT_CODE: optionalString,
    ESEWA_SECRET_KEY: optionalString,
    KHALTI_API_URL: optionalUrl,
    KHALTI_SECRET_KEY: optionalString,
    PAYMENT_TIMEOUT_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(24 * 60)
      .default(30),
    DELIVERY_FEE_VALLEY: rupees.default(100),
    DELIVERY_FEE_OUTSIDE: rupees.default(200),
    FREE_DELIVERY_FROM: rupees.default(5000),
    DELIVERY_DAYS_VALLEY: deliveryDays('1-2'),
    DELIVERY_DAYS_OUTSIDE: deliveryDays('3-5'),
    STORE_PAN: optionalString.refine((value) => value === undefined || /^\d{9}$/.test(value), 'must be the 9-digit PAN'),
    // The e-commerce registration number the law asks an online shop to show (footer, invoices).
    STORE_ECOMMERCE_REG: optionalString.refine(
      (value) => value === undefined || /^[\p{L}\p{N} ./-]{1,60}$/u.test(value),
      'must be up to 60 letters, digits, spaces, dots, dashes or slashes',
    ),
    // Stock one shopper can hold (features/orders/checkout.ts).
    MAX_OPEN_ORDERS: z.coerce.number().int().min(1).max(CART_QUANTITY_MAX).default(3),
    MAX_UNITS_PER_ORDER: z.coerce.number().int().min(1).max(CART_QUANTITY_MAX).default(5),
    // Texts to shoppers' phones (features/sms). Unset SMS_PROVIDER: texts are written to DATA_DIR/outbox/sms.
    SMS_PROVIDER: z.enum(['aakash', 'sparrow', '']).optional(),
    SMS_TOKEN: optionalString,
    SMS_FROM: optionalString,
    SMS_API_URL: optionalUrl,
    SMS_DAILY_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(500),
    SMS_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(15),
    COD_CONFIRM_HOURS: z.coerce
      .number()
      .int()
      .min(1)
      .max(30 * 24)
      .default(48),
    // Days after delivery a shopper may ask to return goods (a category may set its own, or none).
    RETURN_DAYS: z.coerce.number({ error: 'must be a whole number of days' }).int().min(0).max(365).default(7),
  })
  .refine((env) => (env.AWS_ACCESS_KEY_ID === undefined) === (env.AWS_SECRET_ACCESS_KEY === undefined), {
    message: 'AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY go together',
    path: ['AWS_ACCESS_KEY_ID'],
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine(
    (env) => {
      const set = [env.ESEWA_FORM_URL, env.ESEWA_STATUS_URL, env.ESEWA_PRODUCT_CODE, env.ESEWA_SECRET_KEY].filter(Boolean).length;
      return env.NODE_ENV !== 'production' || set === 0 || set === 4;
    },
    {
      message:
        'in production ESEWA_FORM_URL, ESEWA_STATUS_URL, ESEWA_PRODUCT_CODE and ESEWA_SECRET_KEY are set together (or none: no eSewa)',
      path: ['ESEWA_SECRET_KEY'],
    },
  )
  .refine((env) => env.NODE_ENV !== 'production' || env.PUBLIC_URL !== undefined, {
    message:
      "is required in production: the shop's links (canonical, Open Graph, sitemap, mails, payment returns) are built from it",
    path: ['PUBLIC_URL'],
  })
  .refine((env) => !(sandboxOn(env) && (env.ESEWA_SECRET_KEY || env.KHALTI_SECRET_KEY)), {
    message: 'the payment sandbox cannot run beside a real gateway key (it would answer for that gateway)',
    path: ['PAYMENT_SANDBOX'],
  })
  .refine((env) => env.NODE_ENV !== 'production' || !env.KHALTI_SECRET_KEY || env.KHALTI_API_URL, {
    message: 'is required in production with KHALTI_SECRET_KEY (https://khalti.com/api/v2/ for live payments)',
    path: ['KHALTI_API_URL'],
  })
  .refine((env) => !env.SMS_PROVIDER || env.SMS_TOKEN !== undefined, {
    message: "is required with SMS_PROVIDER (the token from the provider's API settings)",
    path: ['SMS_TOKEN'],
  })
  .refine((env) => env.SMS_PROVIDER !== 'sparrow' || env.SMS_FROM !== undefined, {
    message: 'is required with SMS_PROVIDER=sparrow (the sender identity Sparrow gave the shop)',
    path: ['SMS_FROM'],
  })
  .refine((env) => !(env.NODE_ENV === 'production' && isOn(env.PAYMENT_SANDBOX)), {
    message: 'the payment sandbox cannot run in production (it would mark orders paid that nobody paid)',
    path: ['PAYMENT_SANDBOX'],
  });

/**
 * Which X-Forwarded-For hops to believe: none (false), the last N (a count: 1 behind one nginx),
 * or those sent by the proxies at these addresses (a comma list of IPs or CIDRs). `true`, believing
 * every hop, let any client pick its own address (and so its rate limits): refused. Answers the
 * setting, or a message when it is not one.
 */
function parseTrustProxy(raw: string): false | number | string[] | string {
  const value = raw.trim();
  if (value === '' || value === 'false' || value === '0') return false;
  if (value === 'true') {
    return 'true would trust any client-supplied X-Forwarded-For; give the number of proxies in front (1 behind one nginx) or their addresses (IPs or CIDRs, comma-separated)';
  }
  if (/^\d+$/.test(value)) return Math.min(Number(value), 10);
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const bad = entries.find((entry) => {
    const [address = '', bits, extra] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || extra !== undefined) return true;
    if (bits === undefined) return false;
    const max = version === 4 ? 32 : 128;
    return !/^\d+$/.test(bits) || Number(bits) > max;
  });
  if (entries.length === 0 || bad !== undefined)
    return `must be false, a number of proxies, or IP addresses/CIDRs (not '${bad ?? value}')`;
  return entries;
}

/**
 * The sandbox answers for both wallets and marks orders paid that nobody paid, so it runs only
 * when asked for by name (PAYMENT_SANDBOX=true or 1): unset is off in every environment. It is
 * still refused in production and beside a real key (it would take that wallet's payments).
 */
function sandboxOn(e: { PAYMENT_SANDBOX?: string | undefined }): boolean {
  return isOn(e.PAYMENT_SANDBOX);
}

function isOn(value: string | undefined): boolean {
  return value === 'true' || value === '1';
}

export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  jwtSecret: string | undefined;
  admin: { username: string; password: string } | undefined;
  store: StoreFacts;
  publicUrl: string | undefined;
  corsOrigins: string[];
  /** Fastify's trustProxy: false, a hop count, or the proxies' addresses. */
  trustProxy: false | number | string[];
  /** Serve the OpenAPI document and its UI at /api/docs (off in production unless API_DOCS=true). */
  apiDocs: boolean;
  /** How long a client may take to send a whole request, headers and body (REQUEST_TIMEOUT_SECONDS). */
  requestTimeoutMs: number;
  /** Where product images are kept: DATA_DIR/uploads, or an S3-compatible bucket (S3_BUCKET). */
  storage: { kind: 'disk' } | ({ kind: 's3' } & S3Settings);
  /** IMAGE_BASE_URL: where browsers fetch images (a public bucket or a CDN); unset: this shop's /uploads. */
  imageBaseUrl: string | undefined;
  /** Sign-ups and code requests allowed per client address (lib/throttle.ts signupLimits). */
  limits: { registerPerIpMinute: number; registerPerIpHour: number; sendOtpPerIpHour: number; verifyOtpPerIpHour: number };
  logLevel: string;
  seedDemo: boolean;
  payments: PaymentConfig;
  orderLimits: OrderLimits;
  /** RETURN_DAYS: days after delivery a return may be asked for, unless the goods' category says otherwise (0: no returns). */
  returnDays: number;
  sms: SmsConfig;
}

/** What one shopper may hold at once (features/orders/checkout.ts, features/cart). */
export interface OrderLimits {
  /** Open orders (waiting for payment or for the shop's confirmation) a shopper may have; one more is refused. */
  maxOpenOrders: number;
  /** Units of one product in one order, unless the product sets its own (products.max_per_order). */
  maxUnitsPerOrder: number;
  /** A cash-on-delivery order the shop has not confirmed within this many hours is cancelled. */
  codConfirmHours: number;
}

/** How the shop takes money. Amounts in paisa. */
export interface PaymentConfig {
  /** The built-in stand-in for both gateways (/sandbox/…), never in production. */
  sandbox: boolean;
  /** Set when eSewa is offered: in the sandbox, or in production with all four settings. */
  esewa: { formUrl: string | undefined; statusUrl: string | undefined; productCode: string; secretKey: string } | undefined;
  /** Set when Khalti is offered: KHALTI_SECRET_KEY (or the sandbox's key). */
  khalti: { apiUrl: string | undefined; secretKey: string } | undefined;
  timeoutMinutes: number;
  deliveryFeeValleyPaisa: number;
  deliveryFeeOutsidePaisa: number;
  freeDeliveryFromPaisa: number;
  /** How long a delivery takes inside the valley and elsewhere, in days (shown on the product page). */
  deliveryDaysValley: DayRange;
  deliveryDaysOutside: DayRange;
  storePan: string | undefined;
}

/** A number of days, or a range of them (min = max for one number). */
export interface DayRange {
  min: number;
  max: number;
}

/** eSewa's and Khalti's test hosts: the defaults outside production when the sandbox is off. */
export const ESEWA_UAT_FORM_URL = 'https://rc-epay.esewa.com.np/api/epay/main/v2/form';
export const ESEWA_UAT_STATUS_URL = 'https://rc.esewa.com.np/api/epay/transaction/status/';
export const KHALTI_DEV_API_URL = 'https://dev.khalti.com/api/v2/';
/** eSewa's published test merchant and its UAT key (developer.esewa.com.np), for the sandbox and tests. */
export const ESEWA_TEST_PRODUCT_CODE = 'EPAYTEST';
export const ESEWA_TEST_SECRET_KEY = '8gBm/:&EnhH.1/q';
/** The key the sandbox's Khalti stand-in expects; meaningless anywhere else. */
export const KHALTI_SANDBOX_SECRET_KEY = 'sandbox-khalti-secret-key';

/** Written to the start log whenever the sandbox is on. */
export const PAYMENT_SANDBOX_WARNING =
  'PAYMENT SANDBOX IS ON: ONLINE PAYMENTS ARE FAKE, NO MONEY MOVES. ORDERS PAID THROUGH IT ARE TEST PAYMENTS. NEVER EXPOSE THIS SHOP TO REAL SHOPPERS (UNSET PAYMENT_SANDBOX).';

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.') || 'environment'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    jwtSecret: e.JWT_SECRET,
    admin: e.ADMIN_USERNAME && e.ADMIN_PASSWORD ? { username: e.ADMIN_USERNAME, password: e.ADMIN_PASSWORD } : undefined,
    store: {
      name: e.STORE_NAME,
      email: e.STORE_EMAIL,
      phones: e.STORE_PHONES,
      address: e.STORE_ADDRESS,
      ...(e.STORE_PAN ? { pan: e.STORE_PAN } : {}),
      ...(e.STORE_ECOMMERCE_REG ? { ecommerceRegistration: e.STORE_ECOMMERCE_REG } : {}),
      ...(e.STORE_HOURS ? { hours: e.STORE_HOURS } : {}),
    },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [],
    trustProxy: e.TRUST_PROXY,
    storage: e.S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.S3_BUCKET,
          region: e.AWS_REGION ?? 'us-east-1',
          endpoint: e.AWS_ENDPOINT_URL_S3,
          forcePathStyle: e.S3_FORCE_PATH_STYLE !== undefined && isOn(e.S3_FORCE_PATH_STYLE),
          credentials:
            e.AWS_ACCESS_KEY_ID && e.AWS_SECRET_ACCESS_KEY
              ? { accessKeyId: e.AWS_ACCESS_KEY_ID, secretAccessKey: e.AWS_SECRET_ACCESS_KEY }
              : undefined,
        }
      : { kind: 'disk' },
    imageBaseUrl: e.IMAGE_BASE_URL?.replace(/\/+$/, ''),
    limits: {
      registerPerIpMinute: e.REGISTER_PER_IP_MINUTE,
      registerPerIpHour: e.REGISTER_PER_IP_HOUR,
      sendOtpPerIpHour: e.SEND_OTP_PER_IP_HOUR,
      verifyOtpPerIpHour: e.VERIFY_OTP_PER_IP_HOUR,
    },
    requestTimeoutMs: e.REQUEST_TIMEOUT_SECONDS * 1000,
    apiDocs: e.API_DOCS === undefined || e.API_DOCS === '' ? e.NODE_ENV !== 'production' : isOn(e.API_DOCS),
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
    payments: paymentConfig(e),
    orderLimits: {
      maxOpenOrders: e.MAX_OPEN_ORDERS,
      maxUnitsPerOrder: e.MAX_UNITS_PER_ORDER,
      codConfirmHours: e.COD_CONFIRM_HOURS,
    },
    returnDays: e.RETURN_DAYS,
    sms: smsConfigOf(e),
  };
}

/**
 * With the sandbox, unset gateway URLs point at it (features/payments/gateways.ts) and the test keys
 * are used. In production a gateway is offered only when its settings are all there.
 */
function paymentConfig(e: z.output<typeof envSchema>): PaymentConfig {
  const sandbox = sandboxOn(e);
  const esewaComplete = Boolean(e.ESEWA_FORM_URL && e.ESEWA_STATUS_URL && e.ESEWA_PRODUCT_CODE && e.ESEWA_SECRET_KEY);
  // eSewa is offered only when asked for: through the sandbox, with all four settings, or outside
  // production with a key (eSewa's UAT hosts and test merchant fill what is unset). A shop started
  // with none of them takes no eSewa payments: its published test merchant, offered by default,
  // would let anyone mark a real order paid with eSewa's public test wallet.
  const esewaAsked = sandbox || esewaComplete || (e.NODE_ENV !== 'production' && Boolean(e.ESEWA_SECRET_KEY));
  const esewa = esewaAsked
    ? {
        formUrl: e.ESEWA_FORM_URL ?? (sandbox ? undefined : ESEWA_UAT_FORM_URL),
        statusUrl: e.ESEWA_STATUS_URL ?? (sandbox ? undefined : ESEWA_UAT_STATUS_URL),
        productCode: e.ESEWA_PRODUCT_CODE ?? ESEWA_TEST_PRODUCT_CODE,
        secretKey: e.ESEWA_SECRET_KEY ?? ESEWA_TEST_SECRET_KEY,
      }
    : undefined;
  const khaltiKey = e.KHALTI_SECRET_KEY ?? (sandbox ? KHALTI_SANDBOX_SECRET_KEY : undefined);
  return {
    sandbox,
    esewa,
    khalti: khaltiKey
      ? { apiUrl: e.KHALTI_API_URL ?? (e.KHALTI_SECRET_KEY ? KHALTI_DEV_API_URL : undefined), secretKey: khaltiKey }
      : undefined,
    timeoutMinutes: e.PAYMENT_TIMEOUT_MINUTES,
    deliveryFeeValleyPaisa: Math.round(e.DELIVERY_FEE_VALLEY * 100),
    deliveryFeeOutsidePaisa: Math.round(e.DELIVERY_FEE_OUTSIDE * 100),
    freeDeliveryFromPaisa: Math.round(e.FREE_DELIVERY_FROM * 100),
    deliveryDaysValley: e.DELIVERY_DAYS_VALLEY,
    deliveryDaysOutside: e.DELIVERY_DAYS_OUTSIDE,
    storePan: e.STORE_PAN,
  };
}
