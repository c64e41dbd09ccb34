import type { ExitType, ProxyFamily } from '@ptc/contracts';

/**
 * THE NEW-USER GUIDE'S DECISION TABLE (SPEC §1, issue #20) — product people: change it here.
 *
 * The guide asks three questions and recommends one of six proxy types. The questions and their
 * answers are {@link GUIDE_QUESTIONS}; the texts shown for them are in
 * `src/locales/<language>/new-user-guide.ts` (`guide.<question>.<answer>`). {@link DECISION_TABLE}
 * gives the recommendation for every combination of answers: TypeScript refuses a table with a
 * combination missing, and `guide-decision.test.ts` checks every one of them lands on one of the
 * six types. Add an answer to a question, and the compiler lists the rows to write.
 *
 * The reasoning behind the table as it stands:
 * - A new address per request or every few minutes is what rotating proxies paid by traffic do.
 * - One address for a task of up to a day: a rotating proxy paid by IP (each lives 24 hours).
 * - One address for days or weeks is a static proxy. Accounts, shops and ad checks want to look
 *   like a home connection (residential); scraping and everything else get the faster, cheaper
 *   data-center addresses. Little traffic is cheapest paid by traffic, a lot paid by IP (its
 *   traffic is not counted).
 */

/** The three questions, in the order asked, with their answers in the order shown. */
export const GUIDE_QUESTIONS = {
  /** 1. What the proxies are for. */
  use: ['accounts', 'ecommerce', 'scraping', 'seo', 'other'],
  /** 2. How long one address should stay the same. */
  keep: ['rotate', 'day', 'long'],
  /** 3. How much data goes through each address. */
  volume: ['light', 'heavy'],
} as const;

export type GuideQuestion = keyof typeof GUIDE_QUESTIONS;
export type GuideUse = (typeof GUIDE_QUESTIONS.use)[number];
export type GuideKeep = (typeof GUIDE_QUESTIONS.keep)[number];
export type GuideVolume = (typeof GUIDE_QUESTIONS.volume)[number];

/** The order the guide asks in. */
export const QUESTION_ORDER: readonly GuideQuestion[] = ['use', 'keep', 'volume'];

/** A complete set of answers. */
export interface GuideAnswers {
  use: GuideUse;
  keep: GuideKeep;
  volume: GuideVolume;
}

/** The six proxy types of SPEC §1 the guide can recommend. */
export const GUIDE_PRODUCTS = [
  'static-ip-residential',
  'static-ip-datacenter',
  'static-traffic-residential',
  'static-traffic-datacenter',
  'dynamic-ip',
  'dynamic-traffic',
] as const;
export type GuideProduct = (typeof GUIDE_PRODUCTS)[number];

/** Which page (proxy family) and which exit type each recommendation opens. */
export const PRODUCT_TARGETS: Readonly<Record<GuideProduct, { family: ProxyFamily; exitType?: ExitType }>> = {
  'static-ip-residential': { family: 'static-ip', exitType: 'residential' },
  'static-ip-datacenter': { family: 'static-ip', exitType: 'datacenter' },
  'static-traffic-residential': { family: 'static-traffic', exitType: 'residential' },
  'static-traffic-datacenter': { family: 'static-traffic', exitType: 'datacenter' },
  'dynamic-ip': { family: 'dynamic-ip' },
  'dynamic-traffic': { family: 'dynamic-traffic' },
};

/** Shorthand rows: little traffic → first, a lot → second. */
const byVolume = (light: GuideProduct, heavy: GuideProduct): Record<GuideVolume, GuideProduct> => ({
  light,
  heavy,
});

/**
 * use → keep → volume → recommendation. Every cell is written out, so the table reads (and
 * changes) one combination at a time.
 */
export const DECISION_TABLE: Readonly<
  Record<GuideUse, Record<GuideKeep, Record<GuideVolume, GuideProduct>>>
> = {
  accounts: {
    rotate: byVolume('dynamic-traffic', 'dynamic-traffic'),
    day: byVolume('dynamic-ip', 'dynamic-ip'),
    long: byVolume('static-traffic-residential', 'static-ip-residential'),
  },
  ecommerce: {
    rotate: byVolume('dynamic-traffic', 'dynamic-traffic'),
    day: byVolume('dynamic-ip', 'dynamic-ip'),
    long: byVolume('static-traffic-residential', 'static-ip-residential'),
  },
  scraping: {
    rotate: byVolume('dynamic-traffic', 'dynamic-traffic'),
    day: byVolume('dynamic-ip', 'dynamic-ip'),
    long: byVolume('static-traffic-datacenter', 'static-ip-datacenter'),
  },
  seo: {
    rotate: byVolume('dynamic-traffic', 'dynamic-traffic'),
    day: byVolume('dynamic-ip', 'dynamic-ip'),
    long: byVolume('static-traffic-residential', 'static-ip-residential'),
  },
  other: {
    rotate: byVolume('dynamic-traffic', 'dynamic-traffic'),
    day: byVolume('dynamic-ip', 'dynamic-ip'),
    long: byVolume('static-traffic-datacenter', 'static-ip-datacenter'),
  },
};

/** The recommendation for a complete set of answers. */
export const recommend = (answers: GuideAnswers): GuideProduct =>
  DECISION_TABLE[answers.use][answers.keep][answers.volume];

/** True when `value` is one of `question`'s answers. */
export const isAnswer = <Q extends GuideQuestion>(
  question: Q,
  value: unknown,
): value is (typeof GUIDE_QUESTIONS)[Q][number] =>
  typeof value === 'string' && (GUIDE_QUESTIONS[question] as readonly string[]).includes(value);
