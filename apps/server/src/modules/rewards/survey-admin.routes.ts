import {
  adminSurveySchema,
  envelopeSchema,
  ok,
  QUESTIONNAIRE_ID_MAX,
  surveyOrderRequestSchema,
  surveyQuestionInputSchema,
} from '@ptc/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentOperator, requireOperator } from '../admin/operator-guard';
import {
  addSurveyQuestion,
  editSurveyQuestion,
  getAdminSurvey,
  reorderSurvey,
  setSurveyQuestionRetired,
} from './survey.service';

const idParams = z.object({ id: z.string().min(1).max(QUESTIONNAIRE_ID_MAX) });

/**
 * The survey as operators edit it (`/api/admin/survey…`, issue #20): every operator reads it;
 * owner and support add, edit, reorder, retire and restore questions. Each change is a new
 * version (answers keep the one they answered) and is audited (`survey.question.add|edit|retire|
 * restore`, `survey.reorder`).
 */
export const adminSurveyRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['Operator: survey'];
  const security = [{ operatorSession: [] }];
  const act = (request: Parameters<typeof currentOperator>[0]) => ({
    operator: currentOperator(request),
    clientIp: request.ip,
  });
  const response = { 200: envelopeSchema(adminSurveySchema) };

  const readers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'finance', 'support'));
    scope.get(
      '/admin/survey',
      {
        schema: {
          tags,
          security,
          summary:
            'The survey in force: its version, the questions in asked order (retired ones too), answers per version',
          response,
        },
      },
      async () => ok(await getAdminSurvey(app.db)),
    );
  };

  const writers: FastifyPluginAsyncZod = async (scope) => {
    scope.addHook('onRequest', requireOperator('owner', 'support'));
    scope.post(
      '/admin/survey/questions',
      {
        schema: {
          tags,
          security,
          summary: 'Add a question at the end: texts in en-US, zh-CN and ru-RU, options (owner, support)',
          body: surveyQuestionInputSchema,
          response,
        },
      },
      async (request) => ok(await addSurveyQuestion(app.db, request.body, act(request))),
    );
    scope.put(
      '/admin/survey/questions/:id',
      {
        schema: {
          tags,
          security,
          summary: "Replace a question's type, texts and options; its id stays (owner, support)",
          params: idParams,
          body: surveyQuestionInputSchema,
          response,
        },
      },
      async (request) => ok(await editSurveyQuestion(app.db, request.params.id, request.body, act(request))),
    );
    for (const action of ['retire', 'restore'] as const) {
      scope.post(
        `/admin/survey/questions/:id/${action}`,
        {
          schema: {
            tags,
            security,
            summary:
              action === 'retire'
                ? 'Stop asking a question (kept for the answers given; owner, support)'
                : 'Ask a retired question again (owner, support)',
            params: idParams,
            response,
          },
        },
        async (request) =>
          ok(await setSurveyQuestionRetired(app.db, request.params.id, action === 'retire', act(request))),
      );
    }
    scope.put(
      '/admin/survey/order',
      {
        schema: {
          tags,
          security,
          summary: 'Put the questions in a new order: every id once (owner, support)',
          body: surveyOrderRequestSchema,
          response,
        },
      },
      async (request) => ok(await reorderSurvey(app.db, request.body.ids, act(request))),
    );
  };

  await app.register(readers);
  await app.register(writers);
};
