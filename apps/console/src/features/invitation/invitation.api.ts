import type { InvitationInvitees, InvitationSummary } from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query keys of the invitation page. */
export const INVITATION_QUERY_KEYS = {
  summary: ['invitation', 'summary'] as const,
  invitees: (page: number) => ['invitation', 'invitees', page] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /invitations`: unlock state, code, link, counts, rewards. Silent: the page says it failed. */
export const getInvitationSummary = (signal?: AbortSignal) =>
  api.request<InvitationSummary>({ path: '/invitations', silent: true, ...withSignal(signal) });

/** `GET /invitations/invitees`: one page of the customers the caller invited (masked). */
export const getInvitees = (page: number, pageSize: number, signal?: AbortSignal) =>
  api.request<InvitationInvitees>({
    path: '/invitations/invitees',
    query: { page: String(page), page_size: String(pageSize) },
    silent: true,
    ...withSignal(signal),
  });

/** An exact amount ("1.500000") as the page shows it: two decimals at least, no trailing zeros beyond. */
export const showPtc = (text: string) => {
  const [whole = '0', fraction = ''] = text.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${whole}.${trimmed.padEnd(2, '0')}`;
};

/**
 * The operator's partner page with what it needs to know about the caller: their referral code,
 * link and the console's language (query parameters `invite_code`, `invitation_link`, `lang`).
 */
export const partnerPageSrc = (pageUrl: string, summary: InvitationSummary, language: string) => {
  const url = new URL(pageUrl);
  url.searchParams.set('invite_code', summary.invite_code);
  url.searchParams.set('invitation_link', summary.invitation_link);
  url.searchParams.set('lang', language);
  return url.toString();
};
