import {
  and,
  announcementStates,
  announcements,
  type Database,
  desc,
  eq,
  gt,
  isNull,
  lte,
  operators,
  or,
  sql,
} from '@ptc/db';

/** A stored bulletin. */
export type AnnouncementRow = typeof announcements.$inferSelect;

/** A bulletin with what one customer did with it. */
export interface CustomerAnnouncementRecord {
  announcement: AnnouncementRow;
  readAt: Date | null;
  closedAt: Date | null;
}

/** What the operator list shows of a bulletin beyond its row. */
export interface AdminAnnouncementRecord {
  announcement: AnnouncementRow;
  readCount: number;
  closedCount: number;
  createdBy: string | null;
  updatedBy: string | null;
}

/** Bulletins whose window holds `now` (started, not ended). */
const inForce = (now: Date) =>
  and(lte(announcements.startsAt, now), or(isNull(announcements.endsAt), gt(announcements.endsAt, now)));

/** The bulletins in force at `now`, newest first, with the customer's read and closed marks. */
export const listInForce = async (
  db: Database,
  userId: bigint,
  now: Date,
  limit: number,
): Promise<CustomerAnnouncementRecord[]> =>
  db
    .select({
      announcement: announcements,
      readAt: announcementStates.readAt,
      closedAt: announcementStates.closedAt,
    })
    .from(announcements)
    .leftJoin(
      announcementStates,
      and(eq(announcementStates.announcementId, announcements.id), eq(announcementStates.userId, userId)),
    )
    .where(inForce(now))
    .orderBy(desc(announcements.startsAt), desc(announcements.id))
    .limit(limit);

/** A bulletin in force at `now` by its public id, or null. */
export const findInForce = async (db: Database, publicId: string, now: Date) => {
  const [row] = await db
    .select()
    .from(announcements)
    .where(and(eq(announcements.publicId, publicId), inForce(now)));
  return row ?? null;
};

/** Marks the bulletin read (and closed when `close`) for the customer; earlier marks are kept. */
export const markState = async (
  db: Database,
  userId: bigint,
  announcementId: bigint,
  close: boolean,
  now: Date,
) => {
  const [row] = await db
    .insert(announcementStates)
    .values({ userId, announcementId, readAt: now, closedAt: close ? now : null })
    .onConflictDoUpdate({
      target: [announcementStates.userId, announcementStates.announcementId],
      set: {
        readAt: sql`coalesce(${announcementStates.readAt}, excluded.read_at)`,
        closedAt: sql`coalesce(${announcementStates.closedAt}, excluded.closed_at)`,
        updatedAt: now,
      },
    })
    .returning();
  if (!row) throw new Error('upsert returned no state');
  return row;
};

const creators = sql`(select ${operators.email} from ${operators} where ${operators.id} = ${announcements.createdBy})`;
const updaters = sql`(select ${operators.email} from ${operators} where ${operators.id} = ${announcements.updatedBy})`;
const readCount = sql<number>`(select count(*) from ${announcementStates} where ${announcementStates.announcementId} = ${announcements.id} and ${announcementStates.readAt} is not null)::int`;
const closedCount = sql<number>`(select count(*) from ${announcementStates} where ${announcementStates.announcementId} = ${announcements.id} and ${announcementStates.closedAt} is not null)::int`;

const adminSelection = {
  announcement: announcements,
  readCount,
  closedCount,
  createdBy: sql<string | null>`${creators}`,
  updatedBy: sql<string | null>`${updaters}`,
};

/** Every bulletin (ended ones too), newest window first, at most `limit`. */
export const listForOperators = async (db: Database, limit: number): Promise<AdminAnnouncementRecord[]> =>
  db
    .select(adminSelection)
    .from(announcements)
    .orderBy(desc(announcements.startsAt), desc(announcements.id))
    .limit(limit);

/** One bulletin for operators, or null. */
export const findForOperators = async (
  db: Database,
  publicId: string,
): Promise<AdminAnnouncementRecord | null> => {
  const [row] = await db
    .select(adminSelection)
    .from(announcements)
    .where(eq(announcements.publicId, publicId));
  return row ?? null;
};

/** Stores a new bulletin. */
export const insertAnnouncement = async (db: Database, values: typeof announcements.$inferInsert) => {
  const [row] = await db.insert(announcements).values(values).returning();
  if (!row) throw new Error('insert returned no bulletin');
  return row;
};

/** Changes a bulletin; answers it, or null when there is none. */
export const updateAnnouncement = async (
  db: Database,
  publicId: string,
  changes: Partial<typeof announcements.$inferInsert>,
) => {
  const [row] = await db
    .update(announcements)
    .set(changes)
    .where(eq(announcements.publicId, publicId))
    .returning();
  return row ?? null;
};

/** Deletes a bulletin (and every customer's marks on it); answers the row it was, or null. */
export const deleteAnnouncement = async (db: Database, publicId: string) => {
  const [row] = await db.delete(announcements).where(eq(announcements.publicId, publicId)).returning();
  return row ?? null;
};
