import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config.js';
import { trustProxyWarning } from '../../src/server/lib/trust-proxy-warning.js';

/**
 * TRUST_PROXY=1 believes the last X-Forwarded-For hop. If the app's port is open to all, a client
 * going around nginx writes that hop itself and picks the address the per-address limits count:
 * the start log says so.
 */
describe('the TRUST_PROXY warning at start', () => {
  const warningFor = (env: Record<string, string>) => trustProxyWarning(loadConfig({ NODE_ENV: 'test', ...env }));

  it.each(['0.0.0.0', '::', '0:0:0:0:0:0:0:0'])('warns with a hop count while listening on all addresses (HOST=%s)', (host) => {
    const warning = warningFor({ TRUST_PROXY: '1', HOST: host, PORT: '3000' });
    expect(warning).toContain('TRUST_PROXY=1');
    expect(warning).toContain(`on all addresses (HOST=${host})`);
    expect(warning).toContain('port 3000 directly');
    expect(warning).toContain('X-Forwarded-For');
    expect(warning).toContain('HOST=127.0.0.1');
  });

  it('warns on the default HOST, which is all addresses', () => {
    expect(warningFor({ TRUST_PROXY: '2' })).toContain('on all addresses (HOST=0.0.0.0)');
  });

  it('warns on a single outside address too (reachable by others)', () => {
    expect(warningFor({ TRUST_PROXY: '1', HOST: '203.0.113.7' })).toContain('listening on 203.0.113.7');
  });

  it.each(['127.0.0.1', '127.0.0.53', '::1', 'localhost'])(
    'says nothing when only this machine can connect (HOST=%s)',
    (host) => {
      expect(warningFor({ TRUST_PROXY: '1', HOST: host })).toBeUndefined();
    },
  );

  it('says nothing without TRUST_PROXY, or when the proxies are named by address', () => {
    expect(warningFor({ HOST: '0.0.0.0' })).toBeUndefined();
    expect(warningFor({ TRUST_PROXY: 'false', HOST: '::' })).toBeUndefined();
    expect(warningFor({ TRUST_PROXY: '10.0.0.5', HOST: '0.0.0.0' })).toBeUndefined();
    expect(warningFor({ TRUST_PROXY: '10.0.0.0/24,10.0.1.9', HOST: '::' })).toBeUndefined();
  });
});
