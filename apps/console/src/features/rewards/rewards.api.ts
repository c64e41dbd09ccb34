import type {
  DailySignInResult,
  DailySignInStatus,
  Questionnaire,
  QuestionnaireAnswers,
  QuestionnaireShow,
} from '@ptc/contracts';
import { api } from '../../shared/api/api';

/** TanStack Query keys of the rewards (issue #20). */
export const REWARDS_QUERY_KEYS = {
  signIn: ['rewards', 'sign-in'] as const,
  questionnaire: ['rewards', 'questionnaire'] as const,
  survey: ['rewards', 'questionnaire-show'] as const,
};

const withSignal = (signal?: AbortSignal) => (signal ? { signal } : {});

/** `GET /user/sign_in/daily`: today's state, the reward and the 30-day calendar. Silent: the card says it failed. */
export const getSignIn = (signal?: AbortSignal) =>
  api.request<DailySignInStatus>({ path: '/user/sign_in/daily', silent: true, ...withSignal(signal) });

/** `POST /user/sign_in/daily`: once per (UTC) day; 6002 a second time, shown as a toast (SPEC §8). */
export const signInToday = () =>
  api.request<DailySignInResult>({ method: 'POST', path: '/user/sign_in/daily' });

// Survey calls stay silent (SPEC §8): a failure shows no toast.

/** `GET /questionnaires`: the questions in the console's language. */
export const getQuestionnaire = (signal?: AbortSignal) =>
  api.request<Questionnaire>({ path: '/questionnaires', silent: true, ...withSignal(signal) });

/** `POST /questionnaires`: the answers, once. */
export const postAnswers = (answers: QuestionnaireAnswers) =>
  api.request<QuestionnaireShow>({ method: 'POST', path: '/questionnaires', data: answers, silent: true });

/** `GET /questionnaire/show`: whether the survey window pops up, and the reward's state. */
export const getSurveyState = (signal?: AbortSignal) =>
  api.request<QuestionnaireShow>({ path: '/questionnaire/show', silent: true, ...withSignal(signal) });

/** `POST /questionnaire/show` `{ show: false }`: the window was closed without answering. */
export const closeSurvey = () =>
  api.request<QuestionnaireShow>({
    method: 'POST',
    path: '/questionnaire/show',
    data: { show: false },
    silent: true,
  });
