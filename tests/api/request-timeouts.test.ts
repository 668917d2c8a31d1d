import net, { type AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestTimeouts } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { bearer } from '../helpers/accounts.js';
import { adminToken, createPath, multipart } from '../helpers/catalog.js';

/**
 * A client that sends its request slowly (a slowloris: headers, then a byte of body now and then)
 * must not hold a connection for ever: after REQUEST_TIMEOUT_SECONDS the server answers 408 and
 * closes it. A real upload, sent at the network's pace, still goes through.
 */
describe('request timeouts', () => {
  let t: TestApp;
  let port: number;
  beforeAll(async () => {
    t = await buildTestApp({ REQUEST_TIMEOUT_SECONDS: '1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => t.close());

  /** Opens a connection, writes `head`, then one byte every 200 ms; answers what came back and when the connection ended. */
  function trickle(head: string, byte: string): Promise<{ answer: string; closedAfterMs: number | undefined }> {
    return new Promise((resolve) => {
      const started = performance.now();
      const socket = net.connect(port, '127.0.0.1');
      let answer = '';
      const drip = setInterval(() => socket.write(byte), 200);
      const finish = (closedAfterMs: number | undefined) => {
        clearInterval(drip);
        clearTimeout(giveUp);
        socket.destroy();
        resolve({ answer, closedAfterMs });
      };
      // Far beyond the 1 s timeout (and its checking interval): a server without one is still listening.
      const giveUp = setTimeout(() => finish(undefined), 6_000);
      socket.on('data', (chunk) => (answer += chunk.toString('latin1')));
      socket.on('error', () => undefined);
      socket.on('close', () => finish(performance.now() - started));
      socket.write(head);
    });
  }

  it('answers 408 and closes a connection whose body arrives a byte at a time', async () => {
    const head =
      'POST /api/users/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"emailOrPhone":"';
    const { answer, closedAfterMs } = await trickle(head, 'a');
    expect(closedAfterMs, 'the connection was still open after 6 s').toBeDefined();
    expect(closedAfterMs!).toBeLessThan(3_000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  }, 10_000);

  it('closes a connection whose headers never end', async () => {
    const { closedAfterMs } = await trickle('GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n', 'X-Slow: 1\r\n');
    expect(closedAfterMs, 'the connection was still open after 6 s').toBeDefined();
    expect(closedAfterMs!).toBeLessThan(3_000);
  }, 10_000);

  it('still takes an upload of several megabytes sent at once', async () => {
    const admin = await adminToken(t);
    await createPath(t, admin, 'Cameras');
    // Noise does not compress: a PNG of several megabytes.
    const photo = await sharp({
      create: {
        width: 1400,
        height: 1000,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 60 },
      },
    })
      .png()
      .toBuffer();
    expect(photo.length).toBeGreaterThan(3 * 1024 * 1024);
    const { payload, headers } = await multipart(
      { name: 'Canon EOS', description: 'A camera', price: '85000', category: 'Cameras' },
      [{ name: 'big.png', data: photo }],
    );
    const res = await fetch(`http://127.0.0.1:${port}/api/products/`, {
      method: 'POST',
      body: new Uint8Array(payload),
      headers: { ...headers, ...bearer(admin) },
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }, 30_000);

  it('is a setting, 120 s unless told, with the headers’ share never longer and checked often enough', () => {
    expect(loadConfig({ NODE_ENV: 'test' }).requestTimeoutMs).toBe(120_000);
    expect(loadConfig({ NODE_ENV: 'test', REQUEST_TIMEOUT_SECONDS: '30' }).requestTimeoutMs).toBe(30_000);
    expect(() => loadConfig({ NODE_ENV: 'test', REQUEST_TIMEOUT_SECONDS: '0' })).toThrow(/REQUEST_TIMEOUT_SECONDS/);
    expect(requestTimeouts(120_000)).toEqual({ headersTimeout: 30_000, connectionsCheckingInterval: 5_000 });
    expect(requestTimeouts(1_000)).toEqual({ headersTimeout: 1_000, connectionsCheckingInterval: 250 });
  });
});
