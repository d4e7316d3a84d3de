import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/** A request the server received: method, path, query, the form body flattened, and the API key. */
export interface WireRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  form: Record<string, string>;
  apiKey: string | null;
  idempotencyKey: string | null;
}

type Json = Record<string, unknown>;

const id = (prefix: string) => `${prefix}_${randomBytes(8).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);
const MONTH = 30 * 86_400;

/** Nested form keys as Stripe's SDK sends them (`metadata[userId]`, `line_items[0][price]`). */
function readForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

function pick(form: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(form)) {
    const match = key.match(new RegExp(`^${prefix.replace(/[[\]]/g, '\\$&')}\\[(\\w+)\\]$`));
    if (match) out[match[1]] = value;
  }
  return out;
}

/**
 * The part of Stripe's HTTP API our adapter calls, answered in Stripe's documented wire format
 * (https://docs.stripe.com/api): customers, checkout sessions, portal sessions and subscriptions.
 * Tests play the customer's side (paying, cancelling in the portal) with the methods below and
 * sign the resulting events with the SDK's own test helper.
 */
export class StripeWireServer {
  readonly requests: WireRequest[] = [];
  readonly customers = new Map<string, Json>();
  readonly checkoutSessions = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  private server?: Server;

  constructor(
    readonly apiKey: string,
    readonly webhookSecret: string,
  ) {}

  get url() {
    const address = this.server?.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  async start() {
    this.server = createServer((req, res) => {
      this.handle(req)
        .then(([status, body]) => {
          res.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
          res.end(JSON.stringify(body));
        })
        .catch((error: Error) => {
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { type: 'api_error', message: error.message } }));
        });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
  }

  async stop() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  /** Requests to one endpoint, e.g. `calls('POST', '/v1/customers')`. */
  calls(method: string, path: string | RegExp) {
    return this.requests.filter(
      (r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)),
    );
  }

  private async handle(req: IncomingMessage): Promise<[number, Json]> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://stripe.local');
    const request: WireRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      form: readForm(Buffer.concat(chunks).toString('utf8')),
      apiKey: req.headers.authorization?.replace(/^Bearer /, '') ?? null,
      idempotencyKey: (req.headers['idempotency-key'] as string | undefined) ?? null,
    };
    this.requests.push(request);
    if (request.apiKey !== this.apiKey) {
      return [401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } }];
    }
    const { method, path, form } = request;
    if (method === 'POST' && path === '/v1/customers') return [200, this.createCustomer(form)];
    if (method === 'POST' && path === '/v1/checkout/sessions') return [200, this.createCheckout(form)];
    if (method === 'POST' && path === '/v1/billing_portal/sessions') {
      if (!this.customers.has(form.customer)) return this.missing('customer', form.customer);
      const sessionId = id('bps');
      return [
        200,
        {
          id: sessionId,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url,
          livemode: false,
          created: now(),
          url: `https://billing.stripe.com/p/session/${sessionId}`,
        },
      ];
    }
    if (method === 'GET' && path === '/v1/subscriptions') {
      const data = [...this.subscriptions.values()].filter(
        (s) => !url.searchParams.get('customer') || s.customer === url.searchParams.get('customer'),
      );
      return [200, { object: 'list', data, has_more: false, url: '/v1/subscriptions' }];
    }
    const sub = path.match(/^\/v1\/subscriptions\/([\w-]+)$/);
    if (method === 'GET' && sub) {
      const found = this.subscriptions.get(sub[1]);
      return found ? [200, found] : this.missing('subscription', sub[1]);
    }
    return [
      404,
      { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` } },
    ];
  }

  private missing(kind: string, value: string): [number, Json] {
    return [
      404,
      {
        error: {
          type: 'invalid_request_error',
          code: 'resource_missing',
          message: `No such ${kind}: '${value}'`,
        },
      },
    ];
  }

  private createCustomer(form: Record<string, string>): Json {
    const customer = {
      id: id('cus'),
      object: 'customer',
      email: form.email ?? null,
      name: form.name ?? null,
      metadata: pick(form, 'metadata'),
      created: now(),
      livemode: false,
    };
    this.customers.set(customer.id, customer);
    return customer;
  }

  private createCheckout(form: Record<string, string>): Json {
    const sessionId = id('cs_test');
    const session = {
      id: sessionId,
      object: 'checkout.session',
      mode: form.mode,
      customer: form.customer ?? null,
      client_reference_id: form.client_reference_id ?? null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      metadata: pick(form, 'metadata'),
      status: 'open',
      payment_status: 'unpaid',
      subscription: null as string | null,
      livemode: false,
      created: now(),
      url: `https://checkout.stripe.com/c/pay/${sessionId}`,
      // Kept for completeCheckout: what the subscription will be made of.
      _price: form['line_items[0][price]'],
      _subscriptionMetadata: pick(form, 'subscription_data[metadata]'),
    };
    this.checkoutSessions.set(sessionId, session);
    return session;
  }

  /** The customer pays on Stripe's page: a subscription starts and checkout.session.completed is due. */
  completeCheckout(sessionId: string) {
    const session = this.checkoutSessions.get(sessionId);
    if (!session) throw new Error(`no checkout session ${sessionId}`);
    const start = now();
    const subscription = {
      id: id('sub'),
      object: 'subscription',
      customer: session.customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null as number | null,
      canceled_at: null as number | null,
      ended_at: null as number | null,
      created: start,
      livemode: false,
      metadata: session._subscriptionMetadata,
      items: {
        object: 'list',
        data: [
          {
            id: id('si'),
            object: 'subscription_item',
            current_period_start: start,
            current_period_end: start + MONTH,
            quantity: 1,
            price: { id: session._price, object: 'price', recurring: { interval: 'month' } },
          },
        ],
        has_more: false,
        url: '/v1/subscription_items',
      },
    };
    this.subscriptions.set(subscription.id, subscription);
    const { _price, _subscriptionMetadata, ...visible } = session;
    Object.assign(session, { status: 'complete', payment_status: 'paid', subscription: subscription.id });
    return this.event('checkout.session.completed', {
      ...visible,
      status: 'complete',
      payment_status: 'paid',
      subscription: subscription.id,
    });
  }

  /** Changes a subscription as Stripe would (portal cancel or resume, renewal, end) and returns the event. */
  updateSubscription(
    subscriptionId: string,
    change: { status?: string; cancelAtPeriodEnd?: boolean; renew?: boolean },
    type = 'customer.subscription.updated',
  ) {
    const subscription = this.subscriptions.get(subscriptionId) as Json & {
      items: { data: { current_period_start: number; current_period_end: number }[] };
    };
    if (!subscription) throw new Error(`no subscription ${subscriptionId}`);
    const item = subscription.items.data[0];
    if (change.renew) {
      item.current_period_start = item.current_period_end;
      item.current_period_end += MONTH;
    }
    if (change.cancelAtPeriodEnd !== undefined) {
      subscription.cancel_at_period_end = change.cancelAtPeriodEnd;
      subscription.canceled_at = change.cancelAtPeriodEnd ? now() : null;
    }
    if (change.status) {
      subscription.status = change.status;
      if (change.status === 'canceled') subscription.ended_at = now();
    }
    return this.event(type, structuredClone(subscription));
  }

  /** An event as Stripe posts it, with the Stripe-Signature header from the SDK's test helper. */
  event(type: string, object: Json, secret = this.webhookSecret) {
    const payload = JSON.stringify({
      id: id('evt'),
      object: 'event',
      api_version: Stripe.API_VERSION,
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return { payload, signature, id: JSON.parse(payload).id as string };
  }
}
