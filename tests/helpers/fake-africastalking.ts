import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  path: string;
  headers: IncomingMessage['headers'];
  /** The form fields as sent (username, to, message, from). */
  form: Record<string, string>;
}

/** How the fake answers the next requests: accepted (as AT does), an HTTP error, a refused recipient, or no answer. */
export type FakeAtMode =
  | { kind: 'accept' }
  | { kind: 'http_error'; status: number; body: string }
  | { kind: 'recipient_refused'; status: string; statusCode: number }
  | { kind: 'hang' };

/**
 * A local stand-in for Africa's Talking's SMS API: POST /version1/messaging with a form body,
 * answered 201 with `SMSMessageData.Recipients` like the real one (message ids ATXid_1, ATXid_2...).
 * Tests read what arrived from `received` and change the answer with `answerWith`.
 */
export async function startFakeAfricasTalking(): Promise<{
  url: string;
  received: ReceivedSms[];
  answerWith(mode: FakeAtMode): void;
  close(): Promise<void>;
}> {
  const received: ReceivedSms[] = [];
  let mode: FakeAtMode = { kind: 'accept' };
  let next = 1;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      received.push({ path: request.url ?? '', headers: request.headers, form });
      if (mode.kind === 'hang') return;
      if (request.method !== 'POST' || request.url !== '/version1/messaging') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      if (mode.kind === 'http_error') {
        response.writeHead(mode.status, { 'content-type': 'text/plain' }).end(mode.body);
        return;
      }
      const recipient =
        mode.kind === 'recipient_refused'
          ? { statusCode: mode.statusCode, number: form.to, status: mode.status, cost: '0', messageId: 'None' }
          : { statusCode: 101, number: form.to, status: 'Success', cost: 'SLE 0.2000', messageId: `ATXid_${next++}` };
      response.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          SMSMessageData: {
            Message: `Sent to ${recipient.statusCode === 101 ? 1 : 0}/1 Total Cost: ${recipient.cost}`,
            Recipients: [recipient],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    answerWith: (m) => void (mode = m),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
