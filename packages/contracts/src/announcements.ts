import { z } from 'zod';
import { multiline } from './text';
import type { Locale } from './user';

/**
 * Bulletins (SPEC §4, §7 `GET /proxy/announcements`; issue #20). Operators write each one in up to
 * three languages (at least one); a customer reads it in their language, else in English, else in
 * the first language it has. The table holds the same limits (migration 0021).
 */

/** Longest title, in characters. */
export const ANNOUNCEMENT_TITLE_MAX = 200;
/** Longest body, in characters (plain text; line breaks kept). */
export const ANNOUNCEMENT_BODY_MAX = 5000;

/** The field suffix each console language is stored under (`title_en`, `body_zh` …). */
export const ANNOUNCEMENT_LANGUAGES = {
  'en-US': 'en',
  'zh-CN': 'zh',
  'ru-RU': 'ru',
} as const satisfies Record<Locale, string>;
export type AnnouncementLanguage = (typeof ANNOUNCEMENT_LANGUAGES)[Locale];
/** The order a bulletin's language is chosen in after the customer's own. */
export const ANNOUNCEMENT_FALLBACK_ORDER: readonly AnnouncementLanguage[] = ['en', 'zh', 'ru'];

const isoInstant = z.iso.datetime({ offset: true, message: 'must be an ISO 8601 date and time' });

/** A bulletin as a customer sees it (`GET /api/proxy/announcements`). */
export const announcementSchema = z.object({
  id: z.string(),
  title: z.string(),
  body: z.string(),
  /** The console language the title and body are in (the customer's own, or the fallback). */
  lang: z.enum(['en-US', 'zh-CN', 'ru-RU']),
  /** When it was published (its window's start). */
  published_at: z.string(),
  /** When it stops being shown (null: until an operator ends it). */
  ends_at: z.string().nullable(),
  /** The customer has seen it (`PUT …/read`, or closed it). */
  read: z.boolean(),
  /** The customer closed it (`PUT …/close`): the console no longer shows it, on any device. */
  closed: z.boolean(),
});
export type Announcement = z.infer<typeof announcementSchema>;

/** `GET /api/proxy/announcements`: the bulletins in force, newest first, and how many are unread. */
export const announcementListSchema = z.object({
  list: z.array(announcementSchema),
  /** Bulletins in the list that are neither read nor closed. */
  unread: z.number().int(),
});
export type AnnouncementList = z.infer<typeof announcementListSchema>;

const title = z.string().trim().max(ANNOUNCEMENT_TITLE_MAX).nullish();
const body = multiline(z.string().trim().max(ANNOUNCEMENT_BODY_MAX)).nullish();

/**
 * An operator's bulletin (`POST`/`PUT /api/admin/announcements`): a title and body per language
 * (an empty or absent pair leaves the language out; a title needs its body and the other way
 * round), the publish window (`starts_at` defaults to now, `ends_at` null: open-ended).
 */
export const adminAnnouncementRequestSchema = z
  .object({
    title_en: title,
    body_en: body,
    title_zh: title,
    body_zh: body,
    title_ru: title,
    body_ru: body,
    starts_at: isoInstant.optional(),
    ends_at: isoInstant.nullish(),
  })
  .superRefine((value, context) => {
    let languages = 0;
    for (const suffix of ANNOUNCEMENT_FALLBACK_ORDER) {
      const hasTitle = Boolean(value[`title_${suffix}`]);
      const hasBody = Boolean(value[`body_${suffix}`]);
      if (hasTitle && !hasBody) {
        context.addIssue({ code: 'custom', path: [`body_${suffix}`], message: 'the body is missing' });
      } else if (hasBody && !hasTitle) {
        context.addIssue({ code: 'custom', path: [`title_${suffix}`], message: 'the title is missing' });
      }
      if (hasTitle || hasBody) languages += 1;
    }
    if (languages === 0) {
      context.addIssue({
        code: 'custom',
        path: ['title_en'],
        message: 'a title and body in at least one language',
      });
    }
    // Without `starts_at` the server compares with the start in force (now, or the stored one).
    if (value.ends_at && value.starts_at && Date.parse(value.ends_at) <= Date.parse(value.starts_at)) {
      context.addIssue({ code: 'custom', path: ['ends_at'], message: 'must be after starts_at' });
    }
  });
export type AdminAnnouncementRequest = z.input<typeof adminAnnouncementRequestSchema>;

/** Where a bulletin is in its window. */
export const ANNOUNCEMENT_STATUSES = ['scheduled', 'active', 'ended'] as const;

/** A bulletin as operators see it (`GET /api/admin/announcements`). */
export const adminAnnouncementSchema = z.object({
  id: z.string(),
  title_en: z.string().nullable(),
  body_en: z.string().nullable(),
  title_zh: z.string().nullable(),
  body_zh: z.string().nullable(),
  title_ru: z.string().nullable(),
  body_ru: z.string().nullable(),
  starts_at: z.string(),
  ends_at: z.string().nullable(),
  status: z.enum(ANNOUNCEMENT_STATUSES),
  /** Customers who have read it, and who closed it. */
  read_count: z.number().int(),
  closed_count: z.number().int(),
  created_by: z.string().nullable(),
  updated_by: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminAnnouncement = z.infer<typeof adminAnnouncementSchema>;

export const adminAnnouncementListSchema = z.object({ list: z.array(adminAnnouncementSchema) });
export type AdminAnnouncementList = z.infer<typeof adminAnnouncementListSchema>;
