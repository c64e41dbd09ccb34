import type { IncomingHttpHeaders } from 'node:http';
import { type LocalHttpServer, readBody, startLocalHttpServer } from './local-http-server';

/** A request the Stripe SDK sent, with its form (POST) or query (GET) flattened as Stripe encodes it. */
export interface StripeApiRequest {
  method: string;
  /** Path without the query, e.g. `/v1/checkout/sessions`. */
  path: string;
  /** `line_items[0][price_data][currency]` → `usd`, and so on. */
  form: Record<string, string>;
  headers: IncomingHttpHeaders;
}

/** What the fake answers: a Stripe object, or `{ error: … }` with a 4xx status. */
export interface StripeApiReply {
  status?: number;
  body: unknown;
}

/** A local stand-in for api.stripe.com that records every request. */
export interface FakeStripe {
  /** Give this as `apiUrl` to the provider. */
  apiUrl: string;
  requests: StripeApiRequest[];
  close(): Promise<void>;
}

/** Starts a fake Stripe API on 127.0.0.1 that answers each request with `answer`. */
export const startFakeStripe = async (
  answer: (request: StripeApiRequest) => StripeApiReply,
): Promise<FakeStripe> => {
  const requests: StripeApiRequest[] = [];
  const server: LocalHttpServer = await startLocalHttpServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const body = await readBody(request);
    const recorded: StripeApiRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      form: Object.fromEntries(request.method === 'GET' ? url.searchParams : new URLSearchParams(body)),
      headers: request.headers,
    };
    requests.push(recorded);
    const reply = answer(recorded);
    response.statusCode = reply.status ?? 200;
    response.setHeader('content-type', 'application/json');
    response.setHeader('request-id', `req_${requests.length}`);
    response.end(JSON.stringify(reply.body));
  });
  return { apiUrl: server.origin, requests, close: server.close };
};
