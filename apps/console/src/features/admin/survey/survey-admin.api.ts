import type { AdminSurvey, SurveyOrderRequest, SurveyQuestionInput } from '@ptc/contracts';
import { operatorRequest } from '../admin.api';

/** The query key of the operators' survey. */
export const ADMIN_SURVEY_QUERY_KEY = ['admin', 'survey'] as const;

/** The survey in force (every operator). */
export const getAdminSurvey = (signal?: AbortSignal) =>
  operatorRequest<AdminSurvey>({ path: '/admin/survey', ...(signal ? { signal } : {}) });

/** Adds a question at the end (owner, support). */
export const addSurveyQuestion = (question: SurveyQuestionInput) =>
  operatorRequest<AdminSurvey>({ method: 'POST', path: '/admin/survey/questions', data: question });

/** Replaces a question; its id stays (owner, support). */
export const editSurveyQuestion = (id: string, question: SurveyQuestionInput) =>
  operatorRequest<AdminSurvey>({
    method: 'PUT',
    path: '/admin/survey/questions/{id}',
    params: { id },
    data: question,
  });

/** Stops asking a question, or asks it again (owner, support). */
export const setSurveyQuestionRetired = (id: string, retired: boolean) =>
  operatorRequest<AdminSurvey>({
    method: 'POST',
    path: `/admin/survey/questions/{id}/${retired ? 'retire' : 'restore'}`,
    params: { id },
  });

/** Puts the questions in a new order (owner, support). */
export const reorderSurvey = (request: SurveyOrderRequest) =>
  operatorRequest<AdminSurvey>({ method: 'PUT', path: '/admin/survey/order', data: request });
