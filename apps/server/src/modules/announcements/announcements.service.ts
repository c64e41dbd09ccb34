import { randomBytes } from 'node:crypto';
import {
  type AdminAnnouncement,
  type AdminAnnouncementList,
  ANNOUNCEMENT_FALLBACK_ORDER,
  ANNOUNCEMENT_LANGUAGES,
  type Announcement,
  type AnnouncementLanguage,
  type AnnouncementList,
  AppError,
  type adminAnnouncementRequestSchema,
  type Locale,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import type { AuditActor } from '../admin/audit/audit.service';
import { recordAudit } from '../admin/audit/audit.service';
import type { UserRow } from '../auth/auth.repository';
import {
  type AdminAnnouncementRecord,
  type AnnouncementRow,
  type CustomerAnnouncementRecord,
  deleteAnnouncement,
  findForOperators,
  findInForce,
  insertAnnouncement,
  listForOperators,
  listInForce,
  markState,
  updateAnnouncement,
} from './announcements.repository';

/** Most bulletins a customer is sent at once (newest first). */
export const CUSTOMER_ANNOUNCEMENTS_MAX = 50;
/** Most bulletins the operator list shows (newest first). */
export const OPERATOR_ANNOUNCEMENTS_MAX = 500;

type AnnouncementInput = z.output<typeof adminAnnouncementRequestSchema>;

const LOCALE_OF: Record<AnnouncementLanguage, Locale> = { en: 'en-US', zh: 'zh-CN', ru: 'ru-RU' };

const notFound = () => new AppError('ERR_NOT_FOUND', { message: 'No such bulletin' });

const newPublicId = () => `bl_${randomBytes(12).toString('base64url')}`;

const textsOf = (row: AnnouncementRow) =>
  ({
    en: { title: row.titleEn, body: row.bodyEn },
    zh: { title: row.titleZh, body: row.bodyZh },
    ru: { title: row.titleRu, body: row.bodyRu },
  }) satisfies Record<AnnouncementLanguage, { title: string | null; body: string | null }>;

/** The bulletin's text in `locale`, else in English, else in the first language it has. */
export const textFor = (row: AnnouncementRow, locale: Locale) => {
  const texts = textsOf(row);
  const order = [ANNOUNCEMENT_LANGUAGES[locale], ...ANNOUNCEMENT_FALLBACK_ORDER];
  for (const language of order) {
    const { title, body } = texts[language];
    if (title && body) return { title, body, lang: LOCALE_OF[language] };
  }
  // The table allows no bulletin without a language; kept total for the type.
  return { title: '', body: '', lang: LOCALE_OF.en };
};

const presentForCustomer = (record: CustomerAnnouncementRecord, locale: Locale): Announcement => ({
  id: record.announcement.publicId,
  ...textFor(record.announcement, locale),
  published_at: record.announcement.startsAt.toISOString(),
  ends_at: record.announcement.endsAt?.toISOString() ?? null,
  read: record.readAt !== null || record.closedAt !== null,
  closed: record.closedAt !== null,
});

/** `GET /proxy/announcements`: the bulletins in force for the customer, in their language. */
export const listCustomerAnnouncements = async (
  db: Database,
  user: UserRow,
  locale: Locale,
  now = new Date(),
): Promise<AnnouncementList> => {
  const records = await listInForce(db, user.id, now, CUSTOMER_ANNOUNCEMENTS_MAX);
  const list = records.map((record) => presentForCustomer(record, locale));
  return { list, unread: list.filter((item) => !item.read).length };
};

/**
 * `PUT /proxy/announcements/{id}/read` and `…/close`: the customer has seen (or closed) a bulletin
 * in force; marking twice changes nothing. A bulletin not in force (ended, not yet started,
 * deleted, unknown) is 404.
 */
export const markCustomerAnnouncement = async (
  db: Database,
  user: UserRow,
  publicId: string,
  locale: Locale,
  close: boolean,
  now = new Date(),
): Promise<Announcement> => {
  const announcement = await findInForce(db, publicId, now);
  if (!announcement) throw notFound();
  const state = await markState(db, user.id, announcement.id, close, now);
  return presentForCustomer({ announcement, readAt: state.readAt, closedAt: state.closedAt }, locale);
};

// --- Operators (`/api/admin/announcements…`) ---

const statusOf = (row: AnnouncementRow, now: Date): AdminAnnouncement['status'] =>
  row.startsAt > now ? 'scheduled' : row.endsAt && row.endsAt <= now ? 'ended' : 'active';

export const presentForOperators = (record: AdminAnnouncementRecord, now = new Date()): AdminAnnouncement => {
  const row = record.announcement;
  return {
    id: row.publicId,
    title_en: row.titleEn,
    body_en: row.bodyEn,
    title_zh: row.titleZh,
    body_zh: row.bodyZh,
    title_ru: row.titleRu,
    body_ru: row.bodyRu,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    status: statusOf(row, now),
    read_count: Number(record.readCount),
    closed_count: Number(record.closedCount),
    created_by: record.createdBy,
    updated_by: record.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

/** What the audit trail keeps of a bulletin. */
const auditView = (row: AnnouncementRow) => ({
  title_en: row.titleEn,
  body_en: row.bodyEn,
  title_zh: row.titleZh,
  body_zh: row.bodyZh,
  title_ru: row.titleRu,
  body_ru: row.bodyRu,
  starts_at: row.startsAt.toISOString(),
  ends_at: row.endsAt?.toISOString() ?? null,
});

/** The stored texts: a language is kept only with both its title and body. */
const textColumns = (input: AnnouncementInput) => {
  const pair = (title: string | null | undefined, body: string | null | undefined) =>
    title && body ? { title, body } : { title: null, body: null };
  const en = pair(input.title_en, input.body_en);
  const zh = pair(input.title_zh, input.body_zh);
  const ru = pair(input.title_ru, input.body_ru);
  return {
    titleEn: en.title,
    bodyEn: en.body,
    titleZh: zh.title,
    bodyZh: zh.body,
    titleRu: ru.title,
    bodyRu: ru.body,
  };
};

/** The window to store; `ends_at` must come after the start in force (1002 `ends_at`). */
const windowOf = (input: AnnouncementInput, currentStart: Date) => {
  const startsAt = input.starts_at ? new Date(input.starts_at) : currentStart;
  const endsAt = input.ends_at ? new Date(input.ends_at) : null;
  if (endsAt && endsAt <= startsAt) {
    throw new AppError('ERR_ARGUMENT_TYPE', {
      message: 'Argument type error: ends_at: must be after starts_at',
      data: { fields: [{ field: 'ends_at', reason: 'type' }] },
    });
  }
  return { startsAt, endsAt };
};

const readBack = async (db: Database, publicId: string) => {
  const record = await findForOperators(db, publicId);
  if (!record) throw notFound();
  return presentForOperators(record);
};

/** `GET /admin/announcements`: every bulletin, newest window first. */
export const listOperatorAnnouncements = async (db: Database): Promise<AdminAnnouncementList> => {
  const now = new Date();
  const records = await listForOperators(db, OPERATOR_ANNOUNCEMENTS_MAX);
  return { list: records.map((record) => presentForOperators(record, now)) };
};

/** `POST /admin/announcements`: a new bulletin (from now unless `starts_at` says otherwise). */
export const createAnnouncement = async (
  db: Database,
  input: AnnouncementInput,
  actor: AuditActor,
): Promise<AdminAnnouncement> => {
  const row = await insertAnnouncement(db, {
    publicId: newPublicId(),
    ...textColumns(input),
    ...windowOf(input, new Date()),
    createdBy: actor.operator?.id ?? null,
    updatedBy: actor.operator?.id ?? null,
  });
  await recordAudit(db, {
    operator: actor.operator,
    action: 'announcement.create',
    target: { type: 'announcement', id: row.publicId },
    before: null,
    after: auditView(row),
    clientIp: actor.clientIp,
  });
  return readBack(db, row.publicId);
};

/** `PUT /admin/announcements/{id}`: replaces the texts and window (start kept when not given). */
export const editAnnouncement = async (
  db: Database,
  publicId: string,
  input: AnnouncementInput,
  actor: AuditActor,
): Promise<AdminAnnouncement> => {
  const before = await findForOperators(db, publicId);
  if (!before) throw notFound();
  const row = await updateAnnouncement(db, publicId, {
    ...textColumns(input),
    ...windowOf(input, before.announcement.startsAt),
    updatedBy: actor.operator?.id ?? null,
  });
  if (!row) throw notFound();
  await recordAudit(db, {
    operator: actor.operator,
    action: 'announcement.edit',
    target: { type: 'announcement', id: publicId },
    before: auditView(before.announcement),
    after: auditView(row),
    clientIp: actor.clientIp,
  });
  return readBack(db, publicId);
};

/**
 * `POST /admin/announcements/{id}/unpublish`: ends the bulletin now (customers no longer get it);
 * a scheduled one gets its start moved to now too. An ended one stays as it is.
 */
export const unpublishAnnouncement = async (
  db: Database,
  publicId: string,
  actor: AuditActor,
): Promise<AdminAnnouncement> => {
  const before = await findForOperators(db, publicId);
  if (!before) throw notFound();
  const now = new Date();
  const current = before.announcement;
  if (statusOf(current, now) === 'ended') return presentForOperators(before, now);
  const row = await updateAnnouncement(db, publicId, {
    startsAt: current.startsAt < now ? current.startsAt : new Date(now.getTime() - 1),
    endsAt: now,
    updatedBy: actor.operator?.id ?? null,
  });
  if (!row) throw notFound();
  await recordAudit(db, {
    operator: actor.operator,
    action: 'announcement.unpublish',
    target: { type: 'announcement', id: publicId },
    before: auditView(current),
    after: auditView(row),
    clientIp: actor.clientIp,
  });
  return readBack(db, publicId);
};

/** `DELETE /admin/announcements/{id}`: removes the bulletin and every customer's marks on it. */
export const removeAnnouncement = async (db: Database, publicId: string, actor: AuditActor) => {
  const row = await deleteAnnouncement(db, publicId);
  if (!row) throw notFound();
  await recordAudit(db, {
    operator: actor.operator,
    action: 'announcement.delete',
    target: { type: 'announcement', id: publicId },
    before: auditView(row),
    after: null,
    clientIp: actor.clientIp,
  });
  return { done: true as const };
};
