import { isIP } from 'node:net';
import type { Config } from '../config.js';

/**
 * TRUST_PROXY as a hop count believes the last hops of X-Forwarded-For whoever sent them. That is
 * right when only the proxy can reach the app; when the app's port is open to everyone (HOST
 * 0.0.0.0 or ::, or any address other than loopback), a client connecting straight to it writes
 * its own X-Forwarded-For and picks the address that the per-address limits (sign-ups, codes,
 * logins) count. Proxies named by address are safe: a direct client's own address is not one of them.
 * Answers the start log's warning, or undefined when there is nothing to warn of.
 */
export function trustProxyWarning(config: Pick<Config, 'trustProxy' | 'host' | 'port'>): string | undefined {
  if (typeof config.trustProxy !== 'number' || config.trustProxy === 0 || isLoopback(config.host)) return undefined;
  const where = isUnspecified(config.host) ? `on all addresses (HOST=${config.host})` : `on ${config.host}`;
  return (
    `TRUST_PROXY=${config.trustProxy} while listening ${where}: a client that reaches port ${config.port} directly, ` +
    'not through the proxy, can send its own X-Forwarded-For and escape the per-address limits. ' +
    'Set HOST=127.0.0.1 with the proxy on this machine, or name the proxy: TRUST_PROXY=<its address> (docs/deploy.md).'
  );
}

/** 0.0.0.0, :: and their spellings: every address of the machine. */
function isUnspecified(host: string): boolean {
  if (isIP(host) === 4) return host.split('.').every((part) => Number(part) === 0);
  if (isIP(host) === 6) return /^[0:]+$/.test(host);
  return false;
}

function isLoopback(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name === '::1' || name === '0:0:0:0:0:0:0:1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}
