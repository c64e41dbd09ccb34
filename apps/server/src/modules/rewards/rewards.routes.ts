import {
  dailySignInResultSchema,
  dailySignInStatusSchema,
  envelopeSchema,
  ok,
  questionnaireAnswersSchema,
  questionnaireSchema,
  questionnaireShowRequestSchema,
  questionnaireShowSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUser } from '../../plugins/authentication';
import {
  dismissQuestionnaire,
  questionnaireState,
  questionsIn,
  submitAnswers,
} from './questionnaire.service';
import { signInDaily, signInStatus } from './rewards.service';
import { askedQuestions, surveyInForce } from './survey.service';

const security = [{ session: [] }];

/**
 * Rewards (issue #20; SPEC §1, §4 "Survey reward", §7 "Surveys", §9), signed in:
 * - `GET /user/sign_in/daily` — today's sign-in state, reward and the last 30 days' calendar;
 * - `POST /user/sign_in/daily` — sign in for today (UTC): credits `DAILY_SIGNIN_REWARD_PTC`
 *   (default 0.01) through the ledger; a second time that day is 6002;
 * - `GET /questionnaires`, `POST /questionnaires` — the survey's questions (request language) and
 *   the answers, once;
 * - `GET /questionnaire/show`, `POST /questionnaire/show` `{ show: false }` — whether the survey
 *   window pops up, and closing it.
 * Completing the survey and binding a phone (`POST /user/bind_phone`) credits 1 PTC once.
 * At most `REWARD_ACCOUNTS_PER_ADDRESS` (default 3) accounts per client address earn each reward
 * per day; tourists earn none (610).
 */
export const rewardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', app.requireUser);
  const settings = app.config.rewards;

  app.get(
    '/user/sign_in/daily',
    {
      schema: {
        tags: ['Rewards'],
        security,
        summary: "Today's daily sign-in state, the reward and the calendar of the last 30 UTC days",
        response: { 200: envelopeSchema(dailySignInStatusSchema) },
      },
    },
    async (request) => ok(await signInStatus(app.db, settings, currentUser(request).id)),
  );

  app.post(
    '/user/sign_in/daily',
    {
      schema: {
        tags: ['Rewards'],
        security,
        summary: 'Sign in for today (once per UTC day, 6002 a second time) and receive the reward',
        response: { 200: envelopeSchema(dailySignInResultSchema) },
      },
    },
    async (request) => ok(await signInDaily(app.db, settings, currentUser(request), request.ip)),
  );

  app.get(
    '/questionnaires',
    {
      schema: {
        tags: ['Rewards'],
        security,
        summary: "The survey's questions in the request's language",
        response: { 200: envelopeSchema(questionnaireSchema) },
      },
    },
    async (request) => {
      const survey = await surveyInForce(app.db);
      return ok({ ...questionsIn(request.ctx.lang, askedQuestions(survey)), version: survey.version });
    },
  );

  app.post(
    '/questionnaires',
    {
      schema: {
        tags: ['Rewards'],
        security,
        summary: 'Answer the survey (once); with a phone bound it earns the reward',
        body: questionnaireAnswersSchema,
        response: { 200: envelopeSchema(questionnaireShowSchema) },
      },
    },
    async (request) =>
      ok(
        await submitAnswers(app.db, settings, currentUser(request), request.body, {
          ip: request.ip,
          lang: request.ctx.lang,
        }),
      ),
  );

  app.get(
    '/questionnaire/show',
    {
      schema: {
        tags: ['Rewards'],
        security,
        summary: 'Whether the survey window should pop up, and the survey reward state',
        response: { 200: envelopeSchema(questionnaireShowSchema) },
      },
    },
    async (request) => ok(await questionnaireState(app.db, currentUser(request))),
  );

  app.post(
    '/questionnaire/show',
    {
      schema: {
        tags: ['Rewards'],
        security,
        summary: 'Close the survey window without answering: it does not pop up again',
        body: questionnaireShowRequestSchema,
        response: { 200: envelopeSchema(questionnaireShowSchema) },
      },
    },
    async (request) => ok(await dismissQuestionnaire(app.db, currentUser(request))),
  );
};
