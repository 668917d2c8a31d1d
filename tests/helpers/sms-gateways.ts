import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for Aakash SMS (POST /sms/v3/send) and Sparrow SMS (POST /v2/sms/) over real
 * HTTP, answering as their public API documents say: form fields in, JSON out. `mode` picks the
 * answer: their documented success, their error answers (a bad token), a 500, a page that is not
 * JSON, or no answer at all (a hang). A number in `invalidNumbers` is called invalid, as each
 * gateway does for a number that is not on a network it serves.
 */
export type GatewayMode = 'ok' | 'refuse' | 'server-error' | 'garbage' | 'hang';

export interface ReceivedText {
  path: string;
  contentType: string | undefined;
  fields: Record<string, string>;
}

export class FakeSmsGateway {
  mode: GatewayMode = 'ok';
  readonly invalidNumbers = new Set<string>();
  readonly received: ReceivedText[] = [];
  private server: http.Server | undefined;
  private readonly hanging = new Set<http.ServerResponse>();

  async start(): Promise<string> {
    this.server = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        const fields = Object.fromEntries(new URLSearchParams(body));
        this.received.push({ path: request.url ?? '', contentType: request.headers['content-type'], fields });
        this.answer(request.url ?? '', fields, response);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    for (const response of this.hanging) response.destroy();
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  private answer(url: string, fields: Record<string, string>, response: http.ServerResponse): void {
    const json = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(body));
    };
    if (this.mode === 'hang') {
      // Holds the request for 30 s, as a gateway that stopped answering would.
      this.hanging.add(response);
      setTimeout(() => {
        this.hanging.delete(response);
        if (!response.destroyed) json(200, {});
      }, 30_000).unref();
      return;
    }
    if (this.mode === 'server-error') return json(500, { message: 'Server Error' });
    if (this.mode === 'garbage') {
      response.writeHead(200, { 'content-type': 'text/html' });
      response.end('<html><body>Service temporarily unavailable</body></html>');
      return;
    }
    const to = fields.to ?? '';
    if (url.startsWith('/sms/v3/send')) {
      if (this.mode === 'refuse' || !fields.auth_token) return json(200, { error: true, message: 'The provided Auth Token is not valid.', data: [] });
      if (!fields.text) return json(200, { error: true, message: 'The text field is required.', data: [] });
      const entry = { mobile: `977${to.slice(0, 3)}*******`, text: fields.text, network: 'ntc' };
      if (this.invalidNumbers.has(to)) {
        return json(200, {
          error: false,
          message: '0 messages has been queued for delivery.',
          data: { valid: [], invalid: [{ ...entry, mobile: to, credit: 0, network: 'N/A', status: 'aborted' }] },
        });
      }
      return json(200, {
        error: false,
        message: '1 messages has been queued for delivery.',
        data: { valid: [{ id: this.received.length, ...entry, credit: 1, status: 'queued' }], invalid: [] },
      });
    }
    if (url.startsWith('/v2/sms')) {
      if (!fields.token || !fields.from || !to || !fields.text) return json(403, { response_code: 1000, response: 'A required field is missing' });
      if (this.mode === 'refuse') return json(403, { response_code: 1002, response: 'Invalid Token' });
      if (this.invalidNumbers.has(to)) return json(403, { response_code: 1007, response: 'Invalid Receiver' });
      return json(200, { count: 1, response_code: 200, response: '1 mesages has been queued for delivery' });
    }
    json(404, { message: 'Not Found' });
  }
}
