import path from 'node:path';
import { z } from 'zod';
import { type StoreFacts, defaultStoreFacts } from '../shared/store.js';

/**
 * Environment configuration, validated once at start-up.
 * Nothing else in the server reads process.env.
 */
const optionalString = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

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
    PUBLIC_URL: optionalString.refine(
      (value) => value === undefined || /^https?:\/\//.test(value),
      'must be an http:// or https:// URL',
    ),
    CORS_ORIGINS: optionalString,
    TRUST_PROXY: z
      .enum(['true', 'false', '1', '0', ''])
      .default('false')
      .transform((value) => value === 'true' || value === '1'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SEED_DEMO: z
      .enum(['true', 'false', '1', '0', ''])
      .default('true')
      .transform((value) => value !== 'false' && value !== '0'),
  })
  .refine((env) => (env.ADMIN_USERNAME === undefined) === (env.ADMIN_PASSWORD === undefined), {
    message: 'ADMIN_USERNAME and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

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
  trustProxy: boolean;
  logLevel: string;
  seedDemo: boolean;
}

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
    store: { name: e.STORE_NAME, email: e.STORE_EMAIL, phones: e.STORE_PHONES, address: e.STORE_ADDRESS },
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    corsOrigins: e.CORS_ORIGINS
      ? e.CORS_ORIGINS.split(',')
          .map((origin) => origin.trim())
          .filter(Boolean)
      : [],
    trustProxy: e.TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
    seedDemo: e.SEED_DEMO,
  };
}
