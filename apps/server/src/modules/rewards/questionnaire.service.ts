import {
  AppError,
  formatPtc,
  type Question,
  type QuestionnaireAnswers,
  type QuestionnaireShow,
} from '@ptc/contracts';
import { and, type Database, eq, questionnaireResponses, rewardGrants, sql, users } from '@ptc/db';
import { maySurveyOpenBySelf } from '../users/new-user';
import { DEFAULT_QUESTIONNAIRE, type QuestionDefinition } from './questionnaire-defaults';
import { grantSurveyPhoneReward, type RewardSettings, SURVEY_PHONE_REWARD } from './rewards.service';
import { askedQuestions, findSurveyVersion } from './survey.service';

type Lang = 'en-US' | 'zh-CN' | 'ru-RU';

const TEXT_MAX = 500;

/** `GET /questionnaires`: the questions in `lang`. */
export const questionsIn = (lang: Lang, survey: readonly QuestionDefinition[] = DEFAULT_QUESTIONNAIRE) => ({
  list: survey.map(
    (question): Question => ({
      id: question.id,
      type: question.type,
      title: question.title[lang],
      required: question.required,
      options: question.options.map((option) => ({ id: option.id, label: option.label[lang] })),
      ...(question.type === 'text' ? { max_length: question.maxLength ?? TEXT_MAX } : {}),
    }),
  ),
  reward: formatPtc(SURVEY_PHONE_REWARD, 6),
});

const missing = (field: string) =>
  new AppError('ERR_ARGUMENT_MISSING', {
    message: `Argument missing: ${field} is required`,
    data: { field },
  });
const wrong = (field: string, why: string) =>
  new AppError('ERR_ARGUMENT_TYPE', { message: `Argument type error: ${field}: ${why}`, data: { field } });

/**
 * Checks answers against the survey: every question known and answered at most once, options
 * among the question's (one for `single`), text only for `text` questions and within its length,
 * every required question answered. Answers what is stored: question id → option ids or text.
 */
export const checkAnswers = (
  input: QuestionnaireAnswers,
  survey: readonly QuestionDefinition[] = DEFAULT_QUESTIONNAIRE,
): Record<string, string[] | string> => {
  const answers: Record<string, string[] | string> = {};
  input.answers.forEach((answer, index) => {
    const field = `answers.${index}`;
    const question = survey.find((candidate) => candidate.id === answer.question_id);
    if (!question) throw wrong(`${field}.question_id`, 'unknown question');
    if (answer.question_id in answers) throw wrong(`${field}.question_id`, 'answered twice');
    if (question.type === 'text') {
      if (answer.option_ids?.length) throw wrong(`${field}.option_ids`, 'this question takes a text');
      const text = (answer.text ?? '').trim();
      if (text.length > (question.maxLength ?? TEXT_MAX)) throw wrong(`${field}.text`, 'too long');
      if (text) answers[question.id] = text;
      return;
    }
    if (answer.text) throw wrong(`${field}.text`, 'this question takes options');
    const chosen = [...new Set(answer.option_ids ?? [])];
    const known = new Set(question.options.map((option) => option.id));
    const unknown = chosen.findIndex((id) => !known.has(id));
    if (unknown >= 0) throw wrong(`${field}.option_ids.${unknown}`, 'unknown option');
    if (question.type === 'single' && chosen.length > 1)
      throw wrong(`${field}.option_ids`, 'one option only');
    if (chosen.length) answers[question.id] = chosen;
  });
  for (const question of survey) {
    if (question.required && !(question.id in answers)) throw missing(`answers.${question.id}`);
  }
  return answers;
};

/** The survey's state for the console (SPEC §3 user info flags, §7 `/questionnaire/show`). */
export const questionnaireState = async (
  db: Database,
  user: { id: bigint; isTourist: boolean; phone: string | null },
): Promise<QuestionnaireShow> => {
  const [row] = await db
    .select({
      submittedAt: questionnaireResponses.submittedAt,
      dismissedAt: questionnaireResponses.dismissedAt,
      grantedAt: rewardGrants.createdAt,
      isNewUser: users.isNewUser,
      newUserEndedAt: users.newUserEndedAt,
    })
    .from(users)
    .leftJoin(questionnaireResponses, eq(questionnaireResponses.userId, users.id))
    .leftJoin(rewardGrants, and(eq(rewardGrants.userId, users.id), eq(rewardGrants.kind, 'survey_phone')))
    .where(eq(users.id, user.id));
  const offered = !user.isTourist;
  const answered = Boolean(row?.submittedAt);
  const rewarded = Boolean(row?.grantedAt);
  return {
    // Not to new customers, nor on the day they stopped being new (users/new-user.ts).
    show: offered && !answered && !row?.dismissedAt && Boolean(row && maySurveyOpenBySelf(row)),
    question_switch: offered,
    answered,
    to_band_phone: offered && answered && !rewarded && !user.phone,
    has_gift: offered && !rewarded,
    rewarded,
    reward: formatPtc(SURVEY_PHONE_REWARD, 6),
  };
};

/**
 * `POST /questionnaires`: stores the answers once (1002 `answers` a second time) and, when a
 * phone is already bound, grants the reward at once.
 */
export const submitAnswers = async (
  db: Database,
  settings: RewardSettings,
  user: { id: bigint; isTourist: boolean; phone: string | null },
  input: QuestionnaireAnswers,
  client: { ip: string; lang: Lang },
  now = new Date(),
) => {
  if (user.isTourist) throw new AppError('TOURIST_USER');
  // Checked against the version the customer was shown, even if an operator changed it since.
  const survey = await findSurveyVersion(db, input.version);
  if (!survey) throw wrong('version', 'no such survey version');
  const answers = checkAnswers(input, askedQuestions(survey));
  const surveyVersion = survey.version;
  const stored = await db
    .insert(questionnaireResponses)
    .values({
      userId: user.id,
      answers,
      lang: client.lang,
      clientIp: client.ip,
      submittedAt: now,
      surveyVersion,
    })
    .onConflictDoUpdate({
      target: questionnaireResponses.userId,
      set: {
        answers,
        lang: client.lang,
        clientIp: client.ip,
        submittedAt: now,
        surveyVersion,
        updatedAt: now,
      },
      setWhere: sql`${questionnaireResponses.submittedAt} is null`,
    })
    .returning({ userId: questionnaireResponses.userId });
  if (stored.length === 0) throw wrong('answers', 'the survey was already answered');
  if (user.phone) await grantSurveyPhoneReward(db, settings, user.id, client.ip, now);
  return questionnaireState(db, user);
};

/** `POST /questionnaire/show` `{ show: false }`: the window was closed; it does not pop up again. */
export const dismissQuestionnaire = async (
  db: Database,
  user: { id: bigint; isTourist: boolean; phone: string | null },
  now = new Date(),
) => {
  await db
    .insert(questionnaireResponses)
    .values({ userId: user.id, dismissedAt: now })
    .onConflictDoUpdate({ target: questionnaireResponses.userId, set: { dismissedAt: now, updatedAt: now } });
  return questionnaireState(db, user);
};
