import { SURVEY_TEXT_MAX } from '@ptc/contracts';
import { auditLog, eq, questionnaireResponses } from '@ptc/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../test/accounts';
import { operatorSession, signedInCustomer } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const texts = (en: string) => ({ 'en-US': en, 'zh-CN': `${en}（中文）`, 'ru-RU': `${en} (рус.)` });
const BUDGET = {
  id: 'budget',
  type: 'single',
  title: texts('What is your monthly budget?'),
  required: true,
  options: [
    { id: 'low', label: texts('Under 50 PTC') },
    { id: 'high', label: texts('50 PTC or more') },
  ],
};

/** Issue #20: operators edit the survey; customers get it in their language; answers keep their version. */
describe('the survey as operators edit it', () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let finance: Record<string, string>;
  let support: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    const sessions = await Promise.all([
      operatorSession(t.database, 'owner'),
      operatorSession(t.database, 'finance'),
      operatorSession(t.database, 'support'),
    ]);
    owner = sessions[0].headers;
    finance = sessions[1].headers;
    support = sessions[2].headers;
  });
  afterAll(() => t?.close());

  const admin = (
    method: Method,
    path: string,
    headers: Record<string, string>,
    body?: Record<string, unknown>,
  ) => call(t.app, method, path, { headers, body });
  const survey = async (token: string, lang = 'en-US') => {
    const answer = await call(t.app, 'GET', '/questionnaires', { token, headers: { lang } });
    expect(answer.code).toBe(0);
    return answer.data as {
      version: number;
      list: { id: string; title: string; type: string; options: { id: string; label: string }[] }[];
    };
  };
  const ok = async (answer: Promise<Awaited<ReturnType<typeof call>>>) => {
    const result = await answer;
    expect(result, JSON.stringify(result)).toMatchObject({ status: 200, code: 0 });
    return result.data as { version: number; questions: { id: string; retired: boolean }[] };
  };

  it('starts from the built-in survey, version 0, readable by every operator and refused to customers', async () => {
    const read = await ok(admin('GET', '/admin/survey', finance));
    expect(read.version).toBe(0);
    expect(read.questions.map((question) => question.id)).toEqual(['use_case', 'source', 'remark']);
    const customer = await signedInCustomer(t.database);
    expect((await call(t.app, 'GET', '/admin/survey', { token: customer.token })).status).toBe(401);
    // Finance reads but does not write.
    expect((await admin('POST', '/admin/survey/questions', finance, BUDGET)).status).toBe(403);
  });

  it('adds, edits, reorders, retires and restores questions; customers get the current set in their language', async () => {
    const customer = await signedInCustomer(t.database);
    const added = await ok(admin('POST', '/admin/survey/questions', support, BUDGET));
    expect(added.version).toBe(1);
    expect((await survey(customer.token, 'zh-CN')).list.at(-1)).toMatchObject({
      id: 'budget',
      title: 'What is your monthly budget?（中文）',
      options: [{ id: 'low', label: 'Under 50 PTC（中文）' }, { id: 'high' }],
    });

    await ok(
      admin('PUT', '/admin/survey/questions/budget', owner, {
        ...BUDGET,
        title: texts('How much do you spend a month?'),
        options: [...BUDGET.options, { id: 'none', label: texts('Nothing yet') }],
      }),
    );
    await ok(admin('PUT', '/admin/survey/order', owner, { ids: ['budget', 'use_case', 'source', 'remark'] }));
    await ok(admin('POST', '/admin/survey/questions/remark/retire', support));
    const shown = await survey(customer.token, 'ru-RU');
    expect(shown.version).toBe(4);
    expect(shown.list.map((question) => question.id)).toEqual(['budget', 'use_case', 'source']);
    expect(shown.list[0]).toMatchObject({ title: 'How much do you spend a month? (рус.)' });
    expect(shown.list[0]?.options.map((option) => option.id)).toEqual(['low', 'high', 'none']);

    const read = await ok(admin('GET', '/admin/survey', finance));
    expect(read.questions.find((question) => question.id === 'remark')).toMatchObject({ retired: true });
    await ok(admin('POST', '/admin/survey/questions/remark/restore', support));
    expect((await survey(customer.token)).list.map((question) => question.id)).toContain('remark');

    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.targetType, 'survey_question'))
    ).map((entry) => entry.action);
    expect(actions).toEqual([
      'survey.question.add',
      'survey.question.edit',
      'survey.reorder',
      'survey.question.retire',
      'survey.question.restore',
    ]);
  });

  it('checks answers against the version the customer was shown, and stores that version', async () => {
    const before = await signedInCustomer(t.database);
    const shown = await survey(before.token);
    // An operator retires the budget question and drops its 'none' option after the window opened.
    await ok(admin('PUT', '/admin/survey/questions/budget', support, BUDGET));
    await ok(admin('POST', '/admin/survey/questions/budget/retire', support));
    const answers = [
      { question_id: 'budget', option_ids: ['none'] },
      { question_id: 'use_case', option_ids: ['scraping'] },
      { question_id: 'source', option_ids: ['friend'] },
    ];
    const submitted = await call(t.app, 'POST', '/questionnaires', {
      token: before.token,
      body: { version: shown.version, answers },
    });
    expect(submitted, submitted.msg).toMatchObject({ code: 0 });
    const [row] = await t.database.db
      .select()
      .from(questionnaireResponses)
      .where(eq(questionnaireResponses.userId, before.user.id));
    expect(row).toMatchObject({ surveyVersion: shown.version, answers: { budget: ['none'] } });

    // Against the version in force, the retired question is unknown.
    const after = await signedInCustomer(t.database);
    const refused = await call(t.app, 'POST', '/questionnaires', { token: after.token, body: { answers } });
    expect(refused).toMatchObject({ code: 1002, data: { field: 'answers.0.question_id' } });
    const unknown = await call(t.app, 'POST', '/questionnaires', {
      token: after.token,
      body: { version: 999, answers: answers.slice(1) },
    });
    expect(unknown).toMatchObject({ code: 1002, data: { field: 'version' } });
    expect(
      (
        await call(t.app, 'POST', '/questionnaires', {
          token: after.token,
          body: { answers: answers.slice(1) },
        })
      ).code,
    ).toBe(0);

    const read = await ok(admin('GET', '/admin/survey', finance));
    expect((read as unknown as { answered: { version: number; count: number }[] }).answered).toEqual([
      { version: read.version, count: 1 },
      { version: shown.version, count: 1 },
    ]);
  });

  it('refuses bad questions with 1001/1002 naming the field and changes nothing', async () => {
    const { version } = await ok(admin('GET', '/admin/survey', finance));
    const refusals: [Record<string, unknown>, number][] = [
      [{ ...BUDGET, id: 'use_case' }, 1002],
      [{ ...BUDGET, id: 'x', title: { 'en-US': 'Only English' } }, 1001],
      [{ ...BUDGET, id: 'x', title: texts('a'.repeat(SURVEY_TEXT_MAX + 1)) }, 1002],
      [{ ...BUDGET, id: 'x', title: texts('Nul\u0000here') }, 1002],
      [{ ...BUDGET, id: 'Bad Id' }, 1002],
      [{ ...BUDGET, id: 'x', options: [BUDGET.options[0]] }, 1002],
      [{ ...BUDGET, id: 'x', type: 'text' }, 1002],
      [{ ...BUDGET, id: 'x', options: [BUDGET.options[0], BUDGET.options[0]] }, 1002],
    ];
    for (const [body, code] of refusals) {
      const answer = await admin('POST', '/admin/survey/questions', support, body);
      expect(answer.code, JSON.stringify(body).slice(0, 80)).toBe(code);
      expect(answer.status).toBeLessThan(500);
    }
    expect(
      (await admin('PUT', '/admin/survey/questions/nope', support, { ...BUDGET, id: 'nope' })).status,
    ).toBe(404);
    expect((await admin('PUT', '/admin/survey/questions/source', support, BUDGET)).data).toMatchObject({
      field: 'id',
    });
    expect((await admin('PUT', '/admin/survey/order', support, { ids: ['source'] })).data).toMatchObject({
      field: 'ids',
    });
    // Retiring every asked question would leave nothing to answer.
    const asked = (await ok(admin('GET', '/admin/survey', finance))).questions.filter(
      (question) => !question.retired,
    );
    let last: Awaited<ReturnType<typeof call>> | undefined;
    for (const question of asked)
      last = await admin('POST', `/admin/survey/questions/${question.id}/retire`, support);
    expect(last).toMatchObject({ code: 1002 });
    for (const question of asked.slice(0, -1)) {
      await ok(admin('POST', `/admin/survey/questions/${question.id}/restore`, support));
    }
    expect((await ok(admin('GET', '/admin/survey', finance))).version).toBe(version + 2 * (asked.length - 1));
  });

  it('writes one version per change when operators edit at the same time', async () => {
    const { version } = await ok(admin('GET', '/admin/survey', finance));
    const edits = await Promise.all(
      Array.from({ length: 5 }, (_, index) =>
        admin('POST', '/admin/survey/questions', support, { ...BUDGET, id: `concurrent-${index}` }),
      ),
    );
    expect(edits.map((edit) => edit.code)).toEqual([0, 0, 0, 0, 0]);
    const read = await ok(admin('GET', '/admin/survey', finance));
    expect(read.version).toBe(version + 5);
    expect(read.questions.filter((question) => question.id.startsWith('concurrent-'))).toHaveLength(5);
  });
});
