import {
  QUESTION_TYPES,
  QUESTIONNAIRE_ID_MAX,
  QUESTIONNAIRE_TEXT_MAX,
  SURVEY_OPTIONS_MAX,
  SURVEY_TEXT_MAX,
  type SurveyQuestion,
  type SurveyQuestionInput,
  type SurveyTexts,
} from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Divider, Flex, Form, Input, InputNumber, Modal, Radio, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { operatorErrorText } from '../operator-errors';
import { ADMIN_SURVEY_QUERY_KEY, addSurveyQuestion, editSurveyQuestion } from './survey-admin.api';

const LANGUAGES = ['en-US', 'zh-CN', 'ru-RU'] as const satisfies readonly (keyof SurveyTexts)[];
const ID_PATTERN = /^[a-z0-9_-]+$/;

/** The form as typed. */
export interface QuestionValues {
  id: string;
  type: SurveyQuestion['type'];
  required: boolean;
  title: Partial<SurveyTexts>;
  options?: { id: string; label: Partial<SurveyTexts> }[];
  max_length?: number | null;
}

const trimmed = (texts: Partial<SurveyTexts>): SurveyTexts => ({
  'en-US': texts['en-US']?.trim() ?? '',
  'zh-CN': texts['zh-CN']?.trim() ?? '',
  'ru-RU': texts['ru-RU']?.trim() ?? '',
});

/** The request of the form: texts trimmed, options only for choice questions. */
export const questionRequestOf = (values: QuestionValues): SurveyQuestionInput => ({
  id: values.id.trim(),
  type: values.type,
  required: values.required,
  title: trimmed(values.title),
  options:
    values.type === 'text'
      ? []
      : (values.options ?? []).map((option) => ({ id: option.id.trim(), label: trimmed(option.label) })),
  ...(values.type === 'text' && values.max_length ? { max_length: values.max_length } : {}),
});

const initialValuesOf = (question: SurveyQuestion | null): QuestionValues =>
  question
    ? {
        id: question.id,
        type: question.type,
        required: question.required,
        title: question.title,
        options: question.options,
        max_length: question.max_length ?? null,
      }
    : {
        id: '',
        type: 'single',
        required: true,
        title: {},
        options: [
          { id: '', label: {} },
          { id: '', label: {} },
        ],
      };

/**
 * Adds a question or edits `question` (owner, support): its id (fixed once made), type, whether it
 * must be answered, its title in English, Chinese and Russian, and the options of a choice question
 * (an id and a label in each language) or the longest answer of a text one. The server's refusal
 * shows below.
 */
export const SurveyQuestionDialog = ({
  question,
  onClose,
  onSaved,
}: {
  question: SurveyQuestion | null;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<QuestionValues>();
  const type = Form.useWatch('type', form) ?? question?.type ?? 'single';
  const save = useMutation({
    mutationFn: (values: QuestionValues) =>
      question
        ? editSurveyQuestion(question.id, questionRequestOf(values))
        : addSurveyQuestion(questionRequestOf(values)),
    onSuccess: (survey) => {
      queryClient.setQueryData(ADMIN_SURVEY_QUERY_KEY, survey);
      onSaved();
    },
  });

  const textRules: Rule[] = [
    { required: true, whitespace: true, message: t('admin.survey.textRequired') },
    { max: SURVEY_TEXT_MAX, message: t('admin.survey.tooLong', { max: SURVEY_TEXT_MAX }) },
  ];
  const idRules: Rule[] = [
    { required: true, message: t('admin.survey.badId') },
    { max: QUESTIONNAIRE_ID_MAX, message: t('admin.survey.tooLong', { max: QUESTIONNAIRE_ID_MAX }) },
    { pattern: ID_PATTERN, message: t('admin.survey.badId') },
  ];

  return (
    <Modal
      open
      width={760}
      title={t(question ? 'admin.survey.editTitle' : 'admin.survey.addTitle')}
      okText={t('admin.survey.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'admin-survey-submit' }}
      cancelText={t('admin.survey.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="admin-survey-dialog"
    >
      <Form<QuestionValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={initialValuesOf(question)}
        onFinish={(values) => {
          if (!save.isPending) save.mutate(values);
        }}
      >
        <Flex gap={16} wrap>
          <Form.Item name="id" label={t('admin.survey.id')} extra={t('admin.survey.idHint')} rules={idRules}>
            <Input autoComplete="off" disabled={question !== null} data-testid="admin-survey-id" />
          </Form.Item>
          <Form.Item name="type" label={t('admin.survey.type')}>
            <Radio.Group
              optionType="button"
              options={QUESTION_TYPES.map((value) => ({
                value,
                label: (
                  <span data-testid={`admin-survey-type-${value}`}>{t(`admin.survey.type.${value}`)}</span>
                ),
              }))}
            />
          </Form.Item>
          <Form.Item name="required" label={t('admin.survey.required')} valuePropName="checked">
            <Switch data-testid="admin-survey-required" />
          </Form.Item>
        </Flex>
        {LANGUAGES.map((language) => (
          <Form.Item
            key={language}
            name={['title', language]}
            label={`${t('admin.survey.question')} · ${t(`admin.survey.language.${language}`)}`}
            rules={textRules}
          >
            <Input
              autoComplete="off"
              showCount={{ formatter: ({ count }) => `${count} / ${SURVEY_TEXT_MAX}` }}
              data-testid={`admin-survey-title-${language}`}
            />
          </Form.Item>
        ))}
        {type === 'text' ? (
          <Form.Item name="max_length" label={t('admin.survey.maxLength')}>
            <InputNumber min={1} max={QUESTIONNAIRE_TEXT_MAX} placeholder={String(QUESTIONNAIRE_TEXT_MAX)} />
          </Form.Item>
        ) : (
          <>
            <Divider titlePlacement="start" plain>
              {t('admin.survey.options')}
            </Divider>
            <Form.List
              name="options"
              rules={[
                {
                  validator: async (_, options?: unknown[]) => {
                    if (!options || options.length < 2) throw new Error(t('admin.survey.twoOptions'));
                  },
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <Flex vertical gap={8}>
                  {fields.map((field, index) => (
                    <Card
                      key={field.key}
                      size="small"
                      data-testid={`admin-survey-option-${index}`}
                      extra={
                        <Button size="small" type="link" danger onClick={() => remove(field.name)}>
                          {t('admin.survey.removeOption')}
                        </Button>
                      }
                    >
                      <Form.Item name={[field.name, 'id']} label={t('admin.survey.id')} rules={idRules}>
                        <Input autoComplete="off" data-testid={`admin-survey-option-id-${index}`} />
                      </Form.Item>
                      {LANGUAGES.map((language) => (
                        <Form.Item
                          key={language}
                          name={[field.name, 'label', language]}
                          label={t(`admin.survey.language.${language}`)}
                          rules={textRules}
                        >
                          <Input
                            autoComplete="off"
                            data-testid={`admin-survey-option-label-${index}-${language}`}
                          />
                        </Form.Item>
                      ))}
                    </Card>
                  ))}
                  <Form.ErrorList errors={errors} />
                  {fields.length < SURVEY_OPTIONS_MAX ? (
                    <Button onClick={() => add({ id: '', label: {} })} data-testid="admin-survey-add-option">
                      {t('admin.survey.addOption')}
                    </Button>
                  ) : null}
                </Flex>
              )}
            </Form.List>
          </>
        )}
      </Form>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 16 }}
          data-testid="admin-survey-error"
          title={t('admin.survey.failed')}
          description={operatorErrorText(save.error, t)}
        />
      ) : null}
    </Modal>
  );
};
