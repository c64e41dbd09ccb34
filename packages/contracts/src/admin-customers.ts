import { z } from 'zod';

/**
 * Customers as operators see them (issue #15, `/api/admin/customers…`). Amounts are decimal PTC
 * strings with six places (what the ledger holds, never rounded); times are ISO 8601 UTC.
 */

export const adminCustomerSchema = z.object({
  uid: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  balance: z.string(),
  /** Held by gateways for traffic under way (spendable = balance − held). */
  held: z.string(),
  plan: z.enum(['personal', 'enterprise']),
  discount_percent: z.number(),
  locked: z.boolean(),
  locked_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminCustomerListSchema = z.object({ records: z.array(adminCustomerSchema) });

/** `GET /admin/customers/:uid`: the customer, the last 50 ledger entries, 20 orders, proxies by family. */
export const adminCustomerPageSchema = z.object({
  customer: adminCustomerSchema,
  ledger: z.array(
    z.object({
      kind: z.string(),
      amount: z.string(),
      balance_after: z.string(),
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
  orders: z.array(
    z.object({
      order_no: z.string(),
      provider: z.string(),
      method: z.string(),
      status: z.string(),
      amount: z.string(),
      provider_ref: z.string().nullable(),
      created_at: z.string(),
    }),
  ),
  proxies: z.array(z.object({ family: z.string(), live: z.number().int(), bytes: z.string() })),
});
export type AdminCustomerPage = z.infer<typeof adminCustomerPageSchema>;

/** `POST /admin/customers/:uid/balance`: whether this request moved money, and the balance after. */
export const adminBalanceAdjustmentSchema = z.object({ applied: z.boolean(), balance: z.string() });

/** `POST /admin/customers/:uid/sessions/revoke`. */
export const adminSessionsRevokedSchema = z.object({ sessions_ended: z.number().int() });
