import type { SurveyQuestion } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Flex, Table, type TableColumnsType, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { LoadFailed } from '../../../shared/ui/load-failed';
import { operatorErrorText } from '../operator-errors';
import {
  ADMIN_SURVEY_QUERY_KEY,
  getAdminSurvey,
  reorderSurvey,
  setSurveyQuestionRetired,
} from './survey-admin.api';
import './survey-admin-texts';
import { SurveyQuestionDialog } from './survey-question-dialog';

/** One change made from the table. */
type SurveyAction = { kind: 'retire' | 'restore'; id: string } | { kind: 'move'; ids: string[] };

/** `ids` with the one at `from` moved to `to`. */
export const moved = (ids: readonly string[], from: number, to: number): string[] => {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  if (id !== undefined) next.splice(to, 0, id);
  return next;
};

/**
 * `/admin/survey` (owner, support): the survey's questions in asked order with their type, state
 * and options; operators add and edit questions (texts in English, Chinese and Russian), move them
 * up and down, retire them and ask them again. Each change is a new version, audited; the page
 * says which version is in force and how many customers answered each.
 */
const SurveyAdminPage = () => {
  const { t, i18n } = useTranslation();
  const lang = i18n.language as keyof SurveyQuestion['title'];
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const survey = useQuery({
    queryKey: ADMIN_SURVEY_QUERY_KEY,
    queryFn: ({ signal }) => getAdminSurvey(signal),
  });
  /** The question being edited; `null` for a new one; `undefined` while the dialog is closed. */
  const [editing, setEditing] = useState<SurveyQuestion | null | undefined>(undefined);
  const act = useMutation({
    mutationFn: (action: SurveyAction) =>
      action.kind === 'move'
        ? reorderSurvey({ ids: action.ids })
        : setSurveyQuestionRetired(action.id, action.kind === 'retire'),
    onSuccess: (next) => {
      queryClient.setQueryData(ADMIN_SURVEY_QUERY_KEY, next);
      void message.success(t('admin.survey.saved'));
    },
  });
  const questions = survey.data?.questions ?? [];
  const ids = questions.map((question) => question.id);
  const textIn = (texts: SurveyQuestion['title']) => texts[lang] ?? texts['en-US'];

  const columns: TableColumnsType<SurveyQuestion> = [
    {
      key: 'order',
      title: t('admin.survey.order'),
      width: 96,
      render: (_: unknown, question, index) => (
        <Flex gap={4}>
          <Button
            size="small"
            disabled={index === 0 || act.isPending}
            aria-label={t('admin.survey.moveUp')}
            onClick={() => act.mutate({ kind: 'move', ids: moved(ids, index, index - 1) })}
            data-testid={`admin-survey-up-${question.id}`}
          >
            ↑
          </Button>
          <Button
            size="small"
            disabled={index === questions.length - 1 || act.isPending}
            aria-label={t('admin.survey.moveDown')}
            onClick={() => act.mutate({ kind: 'move', ids: moved(ids, index, index + 1) })}
            data-testid={`admin-survey-down-${question.id}`}
          >
            ↓
          </Button>
        </Flex>
      ),
    },
    {
      key: 'question',
      title: t('admin.survey.question'),
      render: (_: unknown, question) => (
        <Flex vertical gap={4} style={{ minWidth: 200 }}>
          <Typography.Text
            strong
            style={{ overflowWrap: 'anywhere' }}
            data-testid={`admin-survey-title-of-${question.id}`}
          >
            {textIn(question.title)}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
            {question.id} ·{' '}
            {question.type === 'text'
              ? t('admin.survey.type.text')
              : `${t(`admin.survey.type.${question.type}`)}, ${t('admin.survey.optionsCount', { count: question.options.length })}`}{' '}
            · {t(question.required ? 'admin.survey.required' : 'admin.survey.optional')}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'state',
      title: t('admin.survey.state'),
      render: (_: unknown, question) => (
        <Tag color={question.retired ? 'default' : 'green'} data-testid={`admin-survey-state-${question.id}`}>
          {t(question.retired ? 'admin.survey.state.retired' : 'admin.survey.state.asked')}
        </Tag>
      ),
    },
    {
      key: 'actions',
      title: t('admin.survey.actions'),
      render: (_: unknown, question) => (
        <Flex gap={4} wrap>
          <Button
            size="small"
            onClick={() => setEditing(question)}
            data-testid={`admin-survey-edit-${question.id}`}
          >
            {t('admin.survey.edit')}
          </Button>
          <Button
            size="small"
            disabled={act.isPending}
            onClick={() => act.mutate({ kind: question.retired ? 'restore' : 'retire', id: question.id })}
            data-testid={`admin-survey-${question.retired ? 'restore' : 'retire'}-${question.id}`}
          >
            {t(question.retired ? 'admin.survey.restore' : 'admin.survey.retire')}
          </Button>
        </Flex>
      ),
    },
  ];

  const data = survey.data;
  return (
    <Flex vertical gap={16} data-testid="admin-survey">
      <Card
        title={t('admin.menu.survey')}
        extra={
          <Button type="primary" onClick={() => setEditing(null)} data-testid="admin-survey-add">
            {t('admin.survey.add')}
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">{t('admin.survey.hint')}</Typography.Paragraph>
        {data ? (
          <Typography.Paragraph data-testid="admin-survey-version" data-version={data.version}>
            {t('admin.survey.version', { version: data.version })} ·{' '}
            {data.updated_at
              ? t('admin.survey.changed', {
                  time: dayjs(data.updated_at).format('YYYY-MM-DD HH:mm'),
                  by: data.updated_by ?? '—',
                })
              : t('admin.survey.builtIn')}
            {data.answered.length > 0
              ? ` · ${t('admin.survey.answered', {
                  counts: data.answered
                    .map((entry) =>
                      t('admin.survey.answeredCount', { version: entry.version, count: entry.count }),
                    )
                    .join(', '),
                })}`
              : null}
          </Typography.Paragraph>
        ) : null}
        {act.isError ? (
          <Alert
            type="error"
            showIcon
            closable={{ onClose: () => act.reset() }}
            style={{ marginBottom: 16 }}
            data-testid="admin-survey-action-error"
            title={t('admin.survey.failed')}
            description={operatorErrorText(act.error, t)}
          />
        ) : null}
        {survey.isError ? (
          <LoadFailed
            title={t('admin.survey.loadFailed')}
            error={survey.error}
            onRetry={() => void survey.refetch()}
          />
        ) : (
          <Table<SurveyQuestion>
            rowKey="id"
            size="small"
            loading={survey.isPending}
            columns={columns}
            dataSource={questions}
            pagination={false}
            scroll={{ x: true }}
            data-testid="admin-survey-table"
          />
        )}
      </Card>
      {editing !== undefined ? (
        <SurveyQuestionDialog
          question={editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            void message.success(t('admin.survey.saved'));
            setEditing(undefined);
          }}
        />
      ) : null}
    </Flex>
  );
};

export default SurveyAdminPage;
