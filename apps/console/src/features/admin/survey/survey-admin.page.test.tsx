// @vitest-environment jsdom
import { type AdminSurvey, AppError, type SurveyQuestion } from '@ptc/contracts';
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { adminSurvey as enUS } from '../../../locales/en-US/admin-survey';
import { adminSurvey as ruRU } from '../../../locales/ru-RU/admin-survey';
import { changeLocale } from '../../../shared/i18n/i18n';
import { installBrowserStubs, mockApi } from '../../../shared/testing/harness';
import { operator, renderConsoleAt } from '../admin.testing';
import { clearOperatorSession, setOperatorToken } from '../operator-session';
import { moved } from './survey-admin.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

const texts = (en: string) => ({ 'en-US': en, 'zh-CN': `${en} 中`, 'ru-RU': `${en} ру` });
const question = (id: string, overrides: Partial<SurveyQuestion> = {}): SurveyQuestion => ({
  id,
  type: 'single',
  title: texts(`Question ${id}`),
  required: true,
  options: [
    { id: 'a', label: texts('A') },
    { id: 'b', label: texts('B') },
  ],
  retired: false,
  ...overrides,
});
const surveyOf = (questions: SurveyQuestion[], version = 3): AdminSurvey => ({
  version,
  questions,
  updated_at: '2026-11-27T10:00:00.000Z',
  updated_by: 'sam@example.com',
  answered: [{ version: 2, count: 4 }],
});

const openSurvey = async (handlers: Parameters<typeof mockApi>[0] = {}) => {
  setOperatorToken('session-support');
  const api = mockApi({
    'GET /admin/me': () => ({ data: operator('support') }),
    'GET /admin/survey': () => ({
      data: surveyOf([question('first'), question('second', { retired: true })]),
    }),
    ...handlers,
  });
  renderConsoleAt('/admin/survey');
  await screen.findByTestId('admin-survey-edit-first');
  return api;
};
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

beforeAll(async () => {
  installBrowserStubs();
});
beforeEach(async () => {
  clearOperatorSession();
  await changeLocale('en-US');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the operator survey page', () => {
  it('lists the questions in order with their state, the version and the answers per version', async () => {
    await openSurvey();
    expect(screen.getByTestId('admin-survey-title-of-first').textContent).toBe('Question first');
    expect(screen.getByTestId('admin-survey-state-second').textContent).toBe(
      enUS['admin.survey.state.retired'],
    );
    expect(screen.getByTestId('admin-survey-restore-second')).toBeTruthy();
    const version = screen.getByTestId('admin-survey-version').textContent ?? '';
    expect(version).toContain('Version 3');
    expect(version).toContain('sam@example.com');
    expect(version).toContain('v2: 4');
  });

  it('adds a question with its texts in three languages and options, refusing a missing language', async () => {
    const api = await openSurvey({
      'POST /admin/survey/questions': () => ({ data: surveyOf([question('first'), question('budget')], 4) }),
    });
    fireEvent.click(screen.getByTestId('admin-survey-add'));
    await screen.findByTestId('admin-survey-dialog');
    type('admin-survey-id', 'budget');
    type('admin-survey-title-en-US', ' Monthly budget? ');
    type('admin-survey-title-zh-CN', '每月预算？');
    fireEvent.click(screen.getByTestId('admin-survey-submit'));
    expect((await screen.findAllByText(enUS['admin.survey.textRequired'])).length).toBeGreaterThan(0);
    expect(api.calls.filter((call) => call.method === 'POST')).toEqual([]);

    type('admin-survey-title-ru-RU', 'Бюджет?');
    for (const [index, id] of ['low', 'high'].entries()) {
      type(`admin-survey-option-id-${index}`, id);
      type(`admin-survey-option-label-${index}-en-US`, id.toUpperCase());
      type(`admin-survey-option-label-${index}-zh-CN`, `${id}中`);
      type(`admin-survey-option-label-${index}-ru-RU`, `${id}ру`);
    }
    fireEvent.click(screen.getByTestId('admin-survey-submit'));
    await waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      id: 'budget',
      type: 'single',
      required: true,
      title: { 'en-US': 'Monthly budget?', 'zh-CN': '每月预算？', 'ru-RU': 'Бюджет?' },
      options: [
        { id: 'low', label: { 'en-US': 'LOW', 'zh-CN': 'low中', 'ru-RU': 'lowру' } },
        { id: 'high', label: { 'en-US': 'HIGH', 'zh-CN': 'high中', 'ru-RU': 'highру' } },
      ],
    });
    expect(await screen.findByTestId('admin-survey-title-of-budget')).toBeTruthy();
  });

  it("edits a question keeping its id, and shows the server's refusal", async () => {
    let refuse = true;
    const api = await openSurvey({
      'PUT /admin/survey/questions/:id': (call) => {
        if (refuse) {
          refuse = false;
          throw new AppError('ERR_ARGUMENT_TYPE', {
            message: 'Argument type error: options: two options at least',
          });
        }
        return { data: surveyOf([{ ...question('first'), ...(call.body as object), retired: false }], 4) };
      },
    });
    fireEvent.click(screen.getByTestId('admin-survey-edit-first'));
    await screen.findByTestId('admin-survey-dialog');
    expect((screen.getByTestId('admin-survey-id') as HTMLInputElement).disabled).toBe(true);
    type('admin-survey-title-en-US', 'Renamed');
    fireEvent.click(screen.getByTestId('admin-survey-submit'));
    expect(await screen.findByTestId('admin-survey-error')).toBeTruthy();
    fireEvent.click(screen.getByTestId('admin-survey-submit'));
    await waitFor(() => expect(screen.queryByTestId('admin-survey-dialog')).toBeNull());
    const puts = api.calls.filter((call) => call.method === 'PUT');
    expect(puts).toHaveLength(2);
    expect(puts[1]?.path).toBe('/admin/survey/questions/first');
    expect(puts[1]?.body).toMatchObject({ id: 'first', title: { 'en-US': 'Renamed' } });
    expect(screen.getByTestId('admin-survey-title-of-first').textContent).toBe('Renamed');
  });

  it('moves a question and retires one', async () => {
    const api = await openSurvey({
      'PUT /admin/survey/order': () => ({
        data: surveyOf([question('second', { retired: true }), question('first')], 4),
      }),
      'POST /admin/survey/questions/:id/retire': () => ({
        data: surveyOf([question('first', { retired: true })], 5),
      }),
    });
    fireEvent.click(screen.getByTestId('admin-survey-down-first'));
    await waitFor(() => expect(api.calls.some((call) => call.path === '/admin/survey/order')).toBe(true));
    expect(api.calls.find((call) => call.path === '/admin/survey/order')?.body).toEqual({
      ids: ['second', 'first'],
    });
    fireEvent.click(await screen.findByTestId('admin-survey-retire-first'));
    await waitFor(() =>
      expect(screen.getByTestId('admin-survey-state-first').textContent).toBe(
        enUS['admin.survey.state.retired'],
      ),
    );
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
  });

  it('speaks Russian, with the question in Russian', async () => {
    await changeLocale('ru-RU');
    await openSurvey();
    expect(screen.getByTestId('admin-survey-title-of-first').textContent).toBe('Question first ру');
    expect(within(screen.getByTestId('admin-survey')).getByText(ruRU['admin.survey.add'])).toBeTruthy();
  });
});
