import {
  type AdminSurvey,
  AppError,
  SURVEY_QUESTIONS_MAX,
  type SurveyQuestion,
  type surveyQuestionInputSchema,
} from '@ptc/contracts';
import type { Database } from '@ptc/db';
import type { z } from 'zod';
import { type AuditActor, recordAudit } from '../admin/audit/audit.service';
import { DEFAULT_QUESTIONNAIRE, type QuestionDefinition } from './questionnaire-defaults';
import {
  countAnswersByVersion,
  findLatestSurveyVersion,
  findSurveyVersionRow,
  insertSurveyVersion,
  lockSurvey,
} from './survey.repository';

/** A question as stored in a version: the built-in shape, and whether it is retired. */
export type StoredQuestion = QuestionDefinition & { retired?: boolean };

/** One version of the survey: its questions in asked order (retired ones included). */
export interface SurveyVersion {
  version: number;
  questions: readonly StoredQuestion[];
  updatedAt: Date | null;
  updatedBy: string | null;
}

/** Version 0: the built-in survey, in force until an operator changes it. */
const BUILT_IN: SurveyVersion = {
  version: 0,
  questions: DEFAULT_QUESTIONNAIRE,
  updatedAt: null,
  updatedBy: null,
};

const toVersion = (row: {
  version: number;
  questions: unknown[];
  createdAt: Date;
  createdBy: string | null;
}): SurveyVersion => ({
  version: row.version,
  questions: row.questions as StoredQuestion[],
  updatedAt: row.createdAt,
  updatedBy: row.createdBy,
});

/** The survey in force: the operators' latest version, else the built-in one. */
export const surveyInForce = async (db: Database): Promise<SurveyVersion> => {
  const row = await findLatestSurveyVersion(db);
  return row ? toVersion(row) : BUILT_IN;
};

/** The version a customer was shown (absent: the one in force); undefined when there is none. */
export const findSurveyVersion = async (
  db: Database,
  version: number | undefined,
): Promise<SurveyVersion | undefined> => {
  if (version === undefined) return surveyInForce(db);
  if (version === 0) return BUILT_IN;
  const row = await findSurveyVersionRow(db, version);
  return row ? toVersion(row) : undefined;
};

/** The questions customers are asked in `survey`: retired ones left out. */
export const askedQuestions = (survey: SurveyVersion): QuestionDefinition[] =>
  survey.questions.filter((question) => !question.retired);

const presentQuestion = (question: StoredQuestion): SurveyQuestion => ({
  id: question.id,
  type: question.type,
  title: question.title,
  required: question.required,
  options: question.options.map((option) => ({ id: option.id, label: option.label })),
  ...(question.type === 'text' && question.maxLength !== undefined ? { max_length: question.maxLength } : {}),
  retired: Boolean(question.retired),
});

/** `GET /admin/survey`: the version in force as operators edit it, and answers per version. */
export const getAdminSurvey = async (db: Database): Promise<AdminSurvey> => {
  const [survey, answered] = await Promise.all([surveyInForce(db), countAnswersByVersion(db)]);
  return {
    version: survey.version,
    questions: survey.questions.map(presentQuestion),
    updated_at: survey.updatedAt?.toISOString() ?? null,
    updated_by: survey.updatedBy,
    answered,
  };
};

const wrong = (field: string, why: string) =>
  new AppError('ERR_ARGUMENT_TYPE', { message: `Argument type error: ${field}: ${why}`, data: { field } });
const noSuchQuestion = () => new AppError('ERR_NOT_FOUND', { message: 'No such survey question' });

type QuestionInput = z.output<typeof surveyQuestionInputSchema>;

const fromInput = (input: QuestionInput, retired = false): StoredQuestion => ({
  id: input.id,
  type: input.type,
  title: input.title,
  required: input.required,
  options: input.options.map((option) => ({ id: option.id, label: option.label })),
  ...(input.type === 'text' && input.max_length !== undefined ? { maxLength: input.max_length } : {}),
  ...(retired ? { retired } : {}),
});

/**
 * Writes the next version: `change` turns the questions in force into the new list (or throws a
 * refusal, which changes nothing). Serialised by a lock, audited as `action` on `target`.
 */
const changeSurvey = async (
  db: Database,
  actor: AuditActor,
  action: string,
  target: string,
  change: (questions: readonly StoredQuestion[]) => StoredQuestion[],
): Promise<AdminSurvey> => {
  await db.transaction(async (tx) => {
    const t = tx as unknown as Database;
    await lockSurvey(t);
    const before = await surveyInForce(t);
    const questions = change(before.questions);
    if (!questions.some((question) => !question.retired)) {
      throw wrong('id', 'at least one question must stay asked');
    }
    const version = before.version + 1;
    await insertSurveyVersion(t, { version, questions, createdBy: actor.operator?.id ?? null });
    await recordAudit(t, {
      operator: actor.operator,
      action,
      target: { type: 'survey_question', id: target },
      before: before.questions.find((question) => question.id === target) ?? null,
      after: { version, question: questions.find((question) => question.id === target) ?? null },
      clientIp: actor.clientIp,
    });
  });
  return getAdminSurvey(db);
};

const indexOf = (questions: readonly StoredQuestion[], id: string) => {
  const index = questions.findIndex((question) => question.id === id);
  if (index < 0) throw noSuchQuestion();
  return index;
};

/** `POST /admin/survey/questions`: adds a question at the end (its id new, retired ones included). */
export const addSurveyQuestion = (db: Database, input: QuestionInput, actor: AuditActor) =>
  changeSurvey(db, actor, 'survey.question.add', input.id, (questions) => {
    if (questions.some((question) => question.id === input.id)) throw wrong('id', 'a question has this id');
    if (questions.length >= SURVEY_QUESTIONS_MAX) {
      throw wrong('id', `at most ${SURVEY_QUESTIONS_MAX} questions (retired ones count)`);
    }
    return [...questions, fromInput(input)];
  });

/** `PUT /admin/survey/questions/{id}`: replaces a question's type, texts and options; id kept. */
export const editSurveyQuestion = (db: Database, id: string, input: QuestionInput, actor: AuditActor) =>
  changeSurvey(db, actor, 'survey.question.edit', id, (questions) => {
    const index = indexOf(questions, id);
    if (input.id !== id) throw wrong('id', 'the id of a question never changes');
    return questions.map((question, at) =>
      at === index ? fromInput(input, Boolean(question.retired)) : question,
    );
  });

/** `POST /admin/survey/questions/{id}/retire` or `/restore`: stops or resumes asking it. */
export const setSurveyQuestionRetired = (db: Database, id: string, retired: boolean, actor: AuditActor) =>
  changeSurvey(db, actor, retired ? 'survey.question.retire' : 'survey.question.restore', id, (questions) => {
    const index = indexOf(questions, id);
    return questions.map((question, at) => {
      if (at !== index) return question;
      const { retired: _retired, ...rest } = question;
      return retired ? { ...rest, retired: true } : rest;
    });
  });

/** `PUT /admin/survey/order`: the questions in a new order; `ids` names every one exactly once. */
export const reorderSurvey = (db: Database, ids: readonly string[], actor: AuditActor) =>
  changeSurvey(db, actor, 'survey.reorder', 'order', (questions) => {
    const unique = new Set(ids);
    const sameSet =
      unique.size === ids.length &&
      ids.length === questions.length &&
      questions.every((question) => unique.has(question.id));
    if (!sameSet) throw wrong('ids', 'name every question exactly once');
    return ids.map((id) => questions[indexOf(questions, id)] as StoredQuestion);
  });
