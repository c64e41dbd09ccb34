import type { Question, QuestionAnswer, QuestionnaireAnswers, QuestionnaireShow } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, Modal, Radio, Result, Skeleton, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { refreshUserInfo } from '../user-center/refresh-user-info';
import {
  closeSurvey,
  getQuestionnaire,
  getSurveyState,
  postAnswers,
  REWARDS_QUERY_KEYS,
} from './rewards.api';
import './rewards-texts';
import { trimPtc } from './rewards-format';

const BindPhoneForm = lazy(() => import('../user-center/bind-phone-form'));

type Values = Record<string, string | string[] | undefined>;

/** The form's values as `POST /questionnaires` takes them (unanswered optional questions left out). */
export const answersOf = (questions: Question[], values: Values): QuestionnaireAnswers => ({
  answers: questions.flatMap((question): QuestionAnswer[] => {
    const value = values[question.id];
    if (question.type === 'text') {
      const text = typeof value === 'string' ? value.trim() : '';
      return text ? [{ question_id: question.id, text }] : [];
    }
    const ids = Array.isArray(value) ? value : value ? [value] : [];
    return ids.length ? [{ question_id: question.id, option_ids: ids }] : [];
  }),
});

type Step = 'questions' | 'phone' | 'done';

/**
 * The survey window (SPEC §4 "Survey reward"): the questions, then "bind a phone to receive 1 PTC"
 * with the user centre's bind-phone form, then thanks. Closing it before answering tells the
 * server not to pop it up again. Its calls are silent (SPEC §8): failures show in the window.
 */
const SurveyWindow = ({ startWithPhone, onClose }: { startWithPhone: boolean; onClose: () => void }) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState<Step>(startWithPhone ? 'phone' : 'questions');
  const [state, setState] = useState<QuestionnaireShow | null>(null);
  const [isSending, setIsSending] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const questionnaire = useQuery({
    queryKey: REWARDS_QUERY_KEYS.questionnaire,
    queryFn: ({ signal }) => getQuestionnaire(signal),
  });
  const amount = trimPtc(questionnaire.data?.reward ?? state?.reward ?? '1');

  const close = () => {
    // Closed before answering: the window does not pop up again (the overview still offers it).
    if (step === 'questions') void closeSurvey().catch(() => undefined);
    void refreshUserInfo();
    onClose();
  };

  const send = async (values: Values) => {
    if (!questionnaire.data) return;
    setIsSending(true);
    setHasFailed(false);
    try {
      // The version shown goes back: an operator's edit meanwhile does not void the answers.
      const { version } = questionnaire.data;
      const answered = await postAnswers({
        ...answersOf(questionnaire.data.list, values),
        ...(version === undefined ? {} : { version }),
      });
      setState(answered);
      setStep(answered.to_band_phone ? 'phone' : 'done');
      await refreshUserInfo();
    } catch {
      setHasFailed(true);
    } finally {
      setIsSending(false);
    }
  };

  const onBound = async () => {
    const after = await getSurveyState().catch(() => null);
    setState(after);
    setStep('done');
    await refreshUserInfo();
  };

  const questionsStep = () => {
    if (questionnaire.isError)
      return <Alert type="warning" showIcon message={t('rewards.survey.loadFailed')} />;
    if (!questionnaire.data) return <Skeleton active />;
    return (
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) => void send(values)}
      >
        <Typography.Paragraph type="secondary">{t('rewards.survey.intro', { amount })}</Typography.Paragraph>
        {questionnaire.data.list.map((question) => (
          <Form.Item
            key={question.id}
            name={question.id}
            label={question.title}
            rules={question.required ? [{ required: true, message: t('rewards.survey.required') }] : []}
          >
            {question.type === 'single' ? (
              <Radio.Group
                data-testid={`survey-${question.id}`}
                options={question.options.map((option) => ({ value: option.id, label: option.label }))}
              />
            ) : question.type === 'multiple' ? (
              <Checkbox.Group
                data-testid={`survey-${question.id}`}
                options={question.options.map((option) => ({ value: option.id, label: option.label }))}
              />
            ) : (
              <Input.TextArea
                data-testid={`survey-${question.id}`}
                maxLength={question.max_length}
                showCount
                autoSize={{ minRows: 2, maxRows: 5 }}
              />
            )}
          </Form.Item>
        ))}
        {hasFailed ? (
          <Alert type="error" showIcon message={t('rewards.survey.failed')} style={{ marginBottom: 16 }} />
        ) : null}
        <Flex gap={8} justify="flex-end" wrap>
          <Button onClick={close} data-testid="survey-later">
            {t('rewards.survey.later')}
          </Button>
          <Button type="primary" htmlType="submit" loading={isSending} data-testid="survey-submit">
            {t('rewards.survey.submit')}
          </Button>
        </Flex>
      </Form>
    );
  };

  const body = () => {
    if (step === 'questions') return questionsStep();
    if (step === 'phone')
      return (
        <Flex vertical gap={12}>
          <Typography.Text strong>{t('rewards.survey.bindTitle', { amount })}</Typography.Text>
          <Suspense fallback={<Skeleton active />}>
            <BindPhoneForm onBound={onBound} submitTestId="survey-bind-submit" />
          </Suspense>
        </Flex>
      );
    return (
      <Result
        status="success"
        title={state?.rewarded ? t('rewards.survey.thanks', { amount }) : t('rewards.survey.thanksNoReward')}
        extra={
          <Button type="primary" onClick={close} data-testid="survey-close">
            {t('rewards.survey.close')}
          </Button>
        }
      />
    );
  };

  return (
    <Modal open title={t('rewards.survey.title')} onCancel={close} footer={null} width={520} destroyOnHidden>
      <div data-testid="survey-window">{body()}</div>
    </Modal>
  );
};

export default SurveyWindow;
