import { type Database, desc, eq, operators, questionnaireResponses, sql, surveyVersions } from '@ptc/db';

/** A stored survey version with the operator who wrote it. */
export interface SurveyVersionRow {
  version: number;
  questions: unknown[];
  createdAt: Date;
  createdBy: string | null;
}

const columns = {
  version: surveyVersions.version,
  questions: surveyVersions.questions,
  createdAt: surveyVersions.createdAt,
  createdBy: operators.email,
};

/** The highest version, or undefined while operators never changed the built-in survey. */
export const findLatestSurveyVersion = async (db: Database): Promise<SurveyVersionRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(surveyVersions)
    .leftJoin(operators, eq(operators.id, surveyVersions.createdBy))
    .orderBy(desc(surveyVersions.version))
    .limit(1);
  return row;
};

/** One version, or undefined. */
export const findSurveyVersionRow = async (
  db: Database,
  version: number,
): Promise<SurveyVersionRow | undefined> => {
  const [row] = await db
    .select(columns)
    .from(surveyVersions)
    .leftJoin(operators, eq(operators.id, surveyVersions.createdBy))
    .where(eq(surveyVersions.version, version))
    .limit(1);
  return row;
};

/** Serialises survey changes (every API process): each writes the version after the latest. */
export const lockSurvey = (db: Database) =>
  db.execute(sql`select pg_advisory_xact_lock(hashtext('ptc:survey'))`);

export const insertSurveyVersion = (
  db: Database,
  row: { version: number; questions: unknown[]; createdBy: bigint | null },
) => db.insert(surveyVersions).values(row);

/** Customers who submitted answers, per survey version (0: the built-in one), newest first. */
export const countAnswersByVersion = async (db: Database) => {
  const version = sql<number>`coalesce(${questionnaireResponses.surveyVersion}, 0)`;
  const rows = await db
    .select({ version, count: sql<number>`count(*)::int` })
    .from(questionnaireResponses)
    .where(sql`${questionnaireResponses.submittedAt} is not null`)
    .groupBy(version)
    .orderBy(desc(version));
  return rows.map((row) => ({ version: Number(row.version), count: Number(row.count) }));
};
