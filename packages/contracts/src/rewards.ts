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
