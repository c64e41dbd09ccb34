/** What the customer pages' tests share: customers and their pages as the server presents them. */
import type { Customer, CustomerDetails, CustomerLedgerEntry } from '../admin.types';

/** A customer as `GET /admin/customers` presents one (an active personal account unless told). */
export const customer = (overrides: Partial<Customer> = {}): Customer => ({
  uid: 'u-1001',
  username: 'alice',
  email: 'alice@example.com',
  phone: null,
  balance: '12.500000',
  held: '0.000000',
  plan: 'personal',
  discount_percent: 0,
  locked: false,
  locked_at: null,
  created_at: '2026-01-02T03:04:05.000Z',
  ...overrides,
});

/** One entry of a money trail (a top-up unless told). */
export const ledgerEntry = (overrides: Partial<CustomerLedgerEntry> = {}): CustomerLedgerEntry => ({
  kind: 'topup',
  amount: '12.500000',
  balance_after: '12.500000',
  note: null,
  at: '2026-01-03T10:00:00.000Z',
  ...overrides,
});

/** A customer's page: a top-up, a paid order and some dynamic traffic proxies unless told. */
export const customerDetails = (overrides: Partial<CustomerDetails> = {}): CustomerDetails => ({
  customer: customer(),
  ledger: [ledgerEntry()],
  orders: [
    {
      order_no: 'PTC20260103100000',
      provider: 'stripe',
      method: 'card',
      status: 'paid',
      amount: '12.500000',
      provider_ref: 'pi_123',
      created_at: '2026-01-03T09:59:00.000Z',
    },
  ],
  proxies: [{ family: 'dynamic-traffic', live: 3, bytes: '1610612736' }],
  ...overrides,
});
