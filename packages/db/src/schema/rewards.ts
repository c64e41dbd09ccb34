import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { instant, micro, timestamps } from './columns';
import { operators } from './operators';
import { users } from './users';
import { ledgerEntries } from './wallet';

/**
 * Daily sign-ins (SPEC §1, §9 "Sign-in once per 24 hours"; issue #20): one row per customer and
 * UTC day. The primary key is what refuses a second sign-in the same day, under any concurrency.
 * `reward` is what was credited (0: rewards off, or the client address had used up its rewarded
 * sign-ins of the day); `client_ip` feeds that per-address limit.
 */
export const dailySignIns = pgTable(
  'daily_sign_ins',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The UTC day signed in for. */
    day: date({ mode: 'string' }).notNull(),
    reward: micro().notNull().default(sql`0`),
    clientIp: text(),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    index('daily_sign_ins_client_ip_idx').on(table.clientIp, table.day),
    check('daily_sign_ins_reward_non_negative', sql`${table.reward} >= 0`),
  ],
);

/**
 * A customer's survey (SPEC §4 "Survey reward", §7 `/api/questionnaires`): the answers once
 * submitted, or only `dismissed_at` when the window was closed without answering. One row per
 * customer; answers are never replaced.
 */
export const questionnaireResponses = pgTable(
  'questionnaire_responses',
  {
    userId: bigint({ mode: 'bigint' })
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Question id to chosen option ids and/or free text (bounded by the API and here). */
    answers: jsonb().$type<Record<string, unknown>>(),
    /** Console language at submission. */
    lang: text(),
    clientIp: text(),
    submittedAt: instant(),
    dismissedAt: instant(),
    /** The survey version answered (`survey_versions`); null or 0: the built-in survey. */
    surveyVersion: integer(),
    ...timestamps,
  },
  (table) => [
    check(
      'questionnaire_responses_answers_size',
      sql`${table.answers} is null or octet_length(${table.answers}::text) <= 16384`,
    ),
    check(
      'questionnaire_responses_submitted',
      sql`(${table.answers} is null) = (${table.submittedAt} is null)`,
    ),
  ],
);

/**
 * One-off rewards granted (issue #20): `survey_phone` is the 1 PTC of SPEC §9 for completing the
 * survey and binding a phone. The primary key grants it once per customer; the unique phone grants
 * it once per phone number across accounts (unbinding and binding again, or moving the phone to
 * another account, earns nothing more).
 */
export const rewardGrants = pgTable(
  'reward_grants',
  {
    userId: bigint({ mode: 'bigint' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['survey_phone'] }).notNull(),
    amount: micro().notNull(),
    /** The E.164 phone that earned it. */
    phone: text(),
    clientIp: text(),
    ledgerEntryId: bigint({ mode: 'bigint' }).references(() => ledgerEntries.id),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.kind] }),
    uniqueIndex('reward_grants_kind_phone_key')
      .on(table.kind, table.phone)
      .where(sql`${table.phone} is not null`),
    index('reward_grants_client_ip_idx').on(table.clientIp, table.createdAt),
    check('reward_grants_amount_positive', sql`${table.amount} > 0`),
  ],
);

/**
 * The survey as operators edit it (issue #20): every change (add, edit, reorder, retire) writes
 * the whole question list as a new version, never changing an older one, so answers keep the
 * texts and options they were given. The highest version is in force; none: the built-in survey
 * (version 0, `modules/rewards/questionnaire-defaults.ts`).
 */
export const surveyVersions = pgTable(
  'survey_versions',
  {
    version: integer().primaryKey(),
    /** The questions in asked order, texts in en-US/zh-CN/ru-RU, retired ones flagged. */
    questions: jsonb().$type<unknown[]>().notNull(),
    createdBy: bigint({ mode: 'bigint' }).references(() => operators.id, { onDelete: 'set null' }),
    createdAt: instant().notNull().defaultNow(),
  },
  (table) => [
    check('survey_versions_version_positive', sql`${table.version} > 0`),
    check('survey_versions_questions_size', sql`octet_length(${table.questions}::text) <= 262144`),
  ],
);
