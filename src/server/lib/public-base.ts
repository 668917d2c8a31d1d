import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.js';

/**
 * The shop's own origin for the links it writes (canonical, Open Graph, JSON-LD, sitemap, the
 * addresses a payment gateway sends the shopper back to, mail links). PUBLIC_URL, which production
 * requires; otherwise (development, tests) the request's Host only when it is this machine
 * (localhost, a loopback address, or the address the server listens on), else localhost. A Host
 * header is the client's to write: taken as it came, it let anyone poison cached links.
 */
export function publicBase(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, request: FastifyRequest): string {
  if (config.publicUrl) return config.publicUrl;
  const hostname = request.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const local = ['localhost', '127.0.0.1', '::1'];
  if (config.host !== '0.0.0.0' && config.host !== '::') local.push(config.host.toLowerCase());
  return local.includes(hostname) ? `${request.protocol}://${request.host}` : `http://localhost:${config.port}`;
}

/**
 * The shop's own origin for links written away from any request (mails sent by the queue):
 * PUBLIC_URL, which production requires, else this machine's own address.
 */
export function configuredBase(config: Pick<Config, 'publicUrl' | 'port'>): string {
  return config.publicUrl ?? `http://localhost:${config.port}`;
}
