/**
 * Rewards (SPEC §1, §4 "Survey reward", §7 `/api/questionnaires`, `/api/questionnaire/show`, §9;
 * issue #20): the daily sign-in and the survey + bind-phone reward. Every reward is a ledger entry
 * (kind `reward`), granted once per real event. Paths are below the API base `/api`.
 *
 * - `GET /user/sign_in/daily`: today's state, the configured reward and the calendar of the last
 *   {@link SIGN_IN_CALENDAR_DAYS} UTC days.
 * - `POST /user/sign_in/daily`: signs in for today (UTC day) and credits the reward; a second time
 *   the same day is 6002 (SIGNIN_FAILED, "Sign-in only once per 24 hours"). Tourists: 610.
 * - `GET /questionnaires`: the survey's questions in the request's language.
 * - `POST /questionnaires`: the answers, once (a second time: 1002, `data.field` = `answers`).
 *   No answer to a required question 1001; an unknown question or option, a text too long or
 *   with control characters (NUL …) 1002; both name the field (`data.field`).
 * - `GET /questionnaire/show`: whether the console should pop the survey window up.
 * - `POST /questionnaire/show` `{ show: false }`: the customer closed the window without answering.
 *
 * Survey calls are silent in the console (SPEC §8): a failure shows no toast.
 */
import { z } from 'zod';
import { multilineText } from './text';
import { ptcAmountSchema } from './user';

// ---------------------------------------------------------------------------------------------
// Limits and constants

/** Days the sign-in calendar shows, today included. */
export const SIGN_IN_CALENDAR_DAYS = 30;
/** Longest free-text answer. */
export const QUESTIONNAIRE_TEXT_MAX = 500;
/** Most answers of one submission (and most options chosen for one question). */
export const QUESTIONNAIRE_ANSWERS_MAX = 20;
/** Longest question or option id. */
export const QUESTIONNAIRE_ID_MAX = 40;

// ---------------------------------------------------------------------------------------------
// Daily sign-in

/** `GET /user/sign_in/daily`. */
export const dailySignInStatusSchema = z.object({
  /** Today's UTC day, `YYYY-MM-DD`. */
  today: z.string(),
  signed_today: z.boolean(),
  /** What a sign-in credits now (`0` when the operator turned the reward off). */
  reward: ptcAmountSchema,
  /** Consecutive UTC days signed in, ending today (or yesterday when not yet signed today). */
  streak: z.number().int().min(0),
  /** UTC days signed in among the last {@link SIGN_IN_CALENDAR_DAYS}, oldest first. */
  days: z.array(z.string()),
  /** When the next sign-in opens (next UTC midnight, ISO 8601). */
  next_at: z.string(),
});
export type DailySignInStatus = z.infer<typeof dailySignInStatusSchema>;

/** `POST /user/sign_in/daily`: the new state and what this sign-in credited. */
export const dailySignInResultSchema = dailySignInStatusSchema.extend({
  /** Credited by this sign-in (`0` when off or over the per-address limit). */
  credited: ptcAmountSchema,
  /** The client address had used up its rewarded sign-ins of the day: signed in, no reward. */
  limited: z.boolean(),
});
export type DailySignInResult = z.infer<typeof dailySignInResultSchema>;

// ---------------------------------------------------------------------------------------------
// Survey

export const QUESTION_TYPES = ['single', 'multiple', 'text'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** One question as `GET /questionnaires` answers it (texts in the request's language). */
export const questionSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  required: z.boolean(),
  options: z.array(z.object({ id: z.string(), label: z.string() })),
  /** Longest text accepted (type `text`). */
  max_length: z.number().int().optional(),
});
export type Question = z.infer<typeof questionSchema>;

export const questionnaireSchema = z.object({
  list: z.array(questionSchema),
  /** The survey's version: sent back with the answers, which are checked against it. */
  version: z.number().int().min(0).optional(),
  /** What completing the survey and binding a phone credits. */
  reward: ptcAmountSchema,
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

const idSchema = z.string().min(1).max(QUESTIONNAIRE_ID_MAX);

/** One answer: the chosen option ids, or a free text. */
export const questionAnswerSchema = z.object({
  question_id: idSchema,
  option_ids: z.array(idSchema).max(QUESTIONNAIRE_ANSWERS_MAX).optional(),
  text: multilineText(QUESTIONNAIRE_TEXT_MAX).optional(),
});
export type QuestionAnswer = z.infer<typeof questionAnswerSchema>;

/** `POST /questionnaires`. */
export const questionnaireAnswersSchema = z.object({
  answers: z.array(questionAnswerSchema).min(1).max(QUESTIONNAIRE_ANSWERS_MAX),
  /**
   * The version the customer was shown (`GET /questionnaires`); absent: the one in force. An
   * operator's edit meanwhile does not invalidate answers to the version shown.
   */
  version: z.number().int().min(0).max(2_000_000_000).optional(),
});
export type QuestionnaireAnswers = z.infer<typeof questionnaireAnswersSchema>;

/** `GET /questionnaire/show` and the answer of `POST /questionnaires` and `/questionnaire/show`. */
export const questionnaireShowSchema = z.object({
  /** Pop the survey window up now. */
  show: z.boolean(),
  /** The survey is offered to this customer (not a tourist). */
  question_switch: z.boolean(),
  answered: z.boolean(),
  /** Survey answered, no phone yet: binding one earns the reward. */
  to_band_phone: z.boolean(),
  /** The survey + phone reward is still to be earned. */
  has_gift: z.boolean(),
  /** The reward was credited. */
  rewarded: z.boolean(),
  reward: ptcAmountSchema,
});
export type QuestionnaireShow = z.infer<typeof questionnaireShowSchema>;

/** `POST /questionnaire/show`: `{ show: false }` closes the window for good. */
export const questionnaireShowRequestSchema = z.object({ show: z.literal(false) });

// ---------------------------------------------------------------------------------------------
// Survey as operators edit it (`/api/admin/survey…`, issue #20)

/** Longest question title and option label, per language. */
export const SURVEY_TEXT_MAX = 300;
/** Most questions of a survey (retired ones included) and most options of one question. */
export const SURVEY_QUESTIONS_MAX = 30;
export const SURVEY_OPTIONS_MAX = 20;

const surveyText = z.string().trim().min(1).max(SURVEY_TEXT_MAX);
/** A text in the three console languages, each required. */
export const surveyTextsSchema = z.object({ 'en-US': surveyText, 'zh-CN': surveyText, 'ru-RU': surveyText });
export type SurveyTexts = z.infer<typeof surveyTextsSchema>;

const surveyIdSchema = z
  .string()
  .min(1)
  .max(QUESTIONNAIRE_ID_MAX)
  .regex(/^[a-z0-9_-]+$/, 'lower-case letters, digits, _ and - only');

/** A question as operators write it (`POST /admin/survey/questions`, `PUT …/{id}`). */
export const surveyQuestionInputSchema = z
  .object({
    /** Stable id the answers name; kept across edits. */
    id: surveyIdSchema,
    type: z.enum(QUESTION_TYPES),
    title: surveyTextsSchema,
    required: z.boolean(),
    /** The choices of a `single` or `multiple` question (2 at least); none for `text`. */
    options: z
      .array(z.object({ id: surveyIdSchema, label: surveyTextsSchema }))
      .max(SURVEY_OPTIONS_MAX)
      .default([]),
    /** Longest answer of a `text` question (default and most {@link QUESTIONNAIRE_TEXT_MAX}). */
    max_length: z.number().int().min(1).max(QUESTIONNAIRE_TEXT_MAX).optional(),
  })
  .superRefine((value, context) => {
    if (value.type === 'text' && value.options.length > 0) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'a text question has no options' });
    }
    if (value.type !== 'text' && value.options.length < 2) {
      context.addIssue({ code: 'custom', path: ['options'], message: 'two options at least' });
    }
    const seen = new Set<string>();
    value.options.forEach((option, index) => {
      if (seen.has(option.id)) {
        context.addIssue({ code: 'custom', path: ['options', index, 'id'], message: 'repeated option id' });
      }
      seen.add(option.id);
    });
  });
export type SurveyQuestionInput = z.input<typeof surveyQuestionInputSchema>;

/** A question of the operators' survey: as written, with whether it is retired. */
export const surveyQuestionSchema = z.object({
  id: z.string(),
  type: z.enum(QUESTION_TYPES),
  title: surveyTextsSchema,
  required: z.boolean(),
  options: z.array(z.object({ id: z.string(), label: surveyTextsSchema })),
  max_length: z.number().int().optional(),
  /** Retired questions are kept (answers name them) but no longer asked. */
  retired: z.boolean(),
});
export type SurveyQuestion = z.infer<typeof surveyQuestionSchema>;

/** `GET /admin/survey` and the answer of every change: the survey in force, in asked order. */
export const adminSurveySchema = z.object({
  /** Each change makes a new version; 0 is the built-in survey, never changed. */
  version: z.number().int().min(0),
  questions: z.array(surveyQuestionSchema),
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
  /** Customers who answered each version, newest first. */
  answered: z.array(z.object({ version: z.number().int(), count: z.number().int() })),
});
export type AdminSurvey = z.infer<typeof adminSurveySchema>;

/** `PUT /admin/survey/order`: every question id (retired ones too), in the new order. */
export const surveyOrderRequestSchema = z.object({
  ids: z.array(surveyIdSchema).min(1).max(SURVEY_QUESTIONS_MAX),
});
export type SurveyOrderRequest = z.infer<typeof surveyOrderRequestSchema>;
