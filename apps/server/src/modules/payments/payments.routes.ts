import { AppError } from '@ptc/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SANDBOX_ACCESS_PARAM,
  SANDBOX_SIGNATURE_HEADER,
  type SandboxEvent,
} from '../../adapters/payments/sandbox';
import { walletDeps } from '../wallet/wallet.deps';
import { authorizeSandboxCard, getSandboxCheckoutOrder, receiveNotification } from './payments.service';
import { returnBaseOf } from './return-address';
import { renderSandboxCard, renderSandboxCheckout, renderSandboxRefusal } from './sandbox-pages';

const tags = ['Payments'];
const PAGE_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'",
};

/** Provider webhooks, the sandbox checkout, and the operator's manual confirmation. */
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = walletDeps(app);

  // Webhooks need the exact bytes the provider signed, whatever the content type.
  await app.register(async (webhooks) => {
    webhooks.removeAllContentTypeParsers();
    webhooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    const handle = async (request: FastifyRequest<{ Params: { provider: string } }>, reply: FastifyReply) => {
      const { ack } = await receiveNotification(deps, request.params.provider, {
        method: request.method,
        headers: request.headers,
        rawBody: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        query: request.query as Record<string, string>,
      });
      return reply.status(ack.status).type(ack.contentType).send(ack.body);
    };
    const schema = {
      tags,
      summary: 'Provider notification (webhook)',
      hide: false,
      params: z.object({ provider: z.string().max(20) }),
    };
    webhooks.post('/payments/notify/:provider', { schema }, handle);
    // The aggregator notifies with GET.
    webhooks.get('/payments/notify/:provider', { schema }, handle);
  });

  const sandbox = deps.providers.sandbox;
  if (sandbox) {
    const deliver = async (event: SandboxEvent) => {
      const signed = sandbox.sign(event);
      await app.inject({
        method: 'POST',
        url: '/api/payments/notify/sandbox',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: signed.signature },
        payload: signed.body,
      });
    };
    const orderParams = z.object({ order_no: z.string().min(8).max(40) });
    // Every sandbox page and call is its owner's: by the signed link the server issued, or a session.
    const accessQuery = z.object({
      /** Signed access of the link (`<expiry>.<HMAC>`), bound to the page and its owner. */
      [SANDBOX_ACCESS_PARAM]: z.string().max(128).optional(),
    });
    const credentialsOf = (request: { query: z.infer<typeof accessQuery>; ctx: FastifyRequest['ctx'] }) => ({
      access: request.query[SANDBOX_ACCESS_PARAM],
      sessionToken: request.ctx.token,
    });
    /**
     * Runs a sandbox page's handler; a browser it refuses gets a page saying why (the envelope
     * goes to everyone else, through the error handler).
     */
    const asPage = async (
      request: FastifyRequest,
      reply: FastifyReply,
      handle: () => Promise<FastifyReply>,
    ): Promise<FastifyReply> => {
      try {
        return await handle();
      } catch (error) {
        if (!(error instanceof AppError) || !request.headers.accept?.includes('text/html')) throw error;
        return reply
          .code(error.httpStatus)
          .headers(PAGE_HEADERS)
          .send(renderSandboxRefusal({ code: error.code, message: error.message }, app.config.publicUrl));
      }
    };

    app.get(
      '/payments/sandbox/:order_no',
      {
        schema: {
          tags,
          summary: "Sandbox checkout page (the order's owner: signed link or session)",
          params: orderParams,
          querystring: accessQuery,
        },
      },
      async (request, reply) =>
        asPage(request, reply, async () => {
          const order = await getSandboxCheckoutOrder(
            deps,
            sandbox,
            request.params.order_no,
            credentialsOf(request),
          );
          return reply.headers(PAGE_HEADERS).send(renderSandboxCheckout(order));
        }),
    );

    app.post(
      '/payments/sandbox/:order_no',
      {
        schema: {
          tags,
          summary: "Sandbox checkout: pay or fail (the order's owner: signed link or session)",
          params: orderParams,
          querystring: accessQuery,
          body: z.object({ action: z.enum(['pay', 'fail']) }),
        },
      },
      async (request, reply) =>
        asPage(request, reply, async () => {
          const order = await getSandboxCheckoutOrder(
            deps,
            sandbox,
            request.params.order_no,
            credentialsOf(request),
          );
          await deliver({
            type: 'payment',
            order_no: order.orderNo,
            txn_id: `sbx_${order.orderNo}`,
            status: request.body.action === 'pay' ? 'paid' : 'failed',
            amount: order.payAmount.toString(),
            currency: order.payCurrency,
            ts: Date.now(),
          });
          const page = order.method === 'card' ? 'stripe' : 'charge';
          // Back to the address the checkout page was opened on (its form posts same-origin).
          return reply.redirect(
            `${returnBaseOf(request, app.config.publicUrl)}/${page}?order=${encodeURIComponent(order.orderNo)}`,
            303,
          );
        }),
    );

    const cardParams = z.object({ user_uid: z.string().min(1).max(64) });
    app.get(
      '/payments/sandbox/card/:user_uid',
      {
        schema: {
          tags,
          summary: 'Sandbox card page (that user only: signed link or session)',
          params: cardParams,
          querystring: accessQuery,
        },
      },
      async (request, reply) =>
        asPage(request, reply, async () => {
          await authorizeSandboxCard(deps, sandbox, request.params.user_uid, credentialsOf(request));
          return reply.headers(PAGE_HEADERS).send(renderSandboxCard());
        }),
    );

    app.post(
      '/payments/sandbox/card/:user_uid',
      {
        schema: {
          tags,
          summary: 'Sandbox card page: save (that user only: signed link or session)',
          params: cardParams,
          querystring: accessQuery,
        },
      },
      async (request, reply) =>
        asPage(request, reply, async () => {
          await authorizeSandboxCard(deps, sandbox, request.params.user_uid, credentialsOf(request));
          await deliver({
            type: 'card',
            user_uid: request.params.user_uid,
            customer_ref: `sbx_cus_${request.params.user_uid}`,
            payment_method_ref: 'sbx_pm_4242',
            brand: 'visa',
            last4: '4242',
            exp: '12/30',
            ts: Date.now(),
          });
          return reply.redirect(`${returnBaseOf(request, app.config.publicUrl)}/stripe?card=saved`, 303);
        }),
    );
  }
};
