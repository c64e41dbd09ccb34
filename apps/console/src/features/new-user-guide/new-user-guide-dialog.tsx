import { Button, Flex, Modal, Radio, Steps, Typography } from 'antd';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import {
  GUIDE_QUESTIONS,
  type GuideAnswers,
  type GuideQuestion,
  QUESTION_ORDER,
  recommend,
} from './guide-decision';
import { recommendationPath } from './guide-prefill';
import './guide-texts';

/** Props of {@link NewUserGuideDialog}. */
export interface NewUserGuideDialogProps {
  open: boolean;
  onClose: () => void;
}

type PartialAnswers = Partial<GuideAnswers>;

const isComplete = (answers: PartialAnswers): answers is GuideAnswers =>
  QUESTION_ORDER.every((question) => answers[question] !== undefined);

/**
 * The new-user guide (SPEC §1, issue #20): three questions, one at a time, then the one proxy
 * type of six that fits (`guide-decision.ts`) and the button that opens its generator with the
 * answers pre-filled (`guide-prefill.ts`). Each question is a fieldset of radio buttons (arrow
 * keys move between answers); Next goes on once one is picked. Every opening starts at the first
 * question, with the answers given before still chosen.
 * Hooks: `guide-dialog`, `guide-question-{question}`, `guide-answer-{question}-{answer}`,
 * `guide-next`, `guide-back`, `guide-result`, `guide-result-{product}`, `guide-open`,
 * `guide-restart`.
 */
export const NewUserGuideDialog = ({ open, onClose }: NewUserGuideDialogProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const [answers, setAnswers] = useState<PartialAnswers>({});
  const [isNudged, setIsNudged] = useState(false);
  const legendId = useId();

  useEffect(() => {
    if (open) {
      setStep(0);
      setIsNudged(false);
    }
  }, [open]);

  const question: GuideQuestion | undefined = QUESTION_ORDER[step];
  const product = question === undefined && isComplete(answers) ? recommend(answers) : undefined;

  const next = () => {
    if (question && answers[question] === undefined) {
      setIsNudged(true);
      return;
    }
    setIsNudged(false);
    setStep((current) => current + 1);
  };

  const openGenerator = () => {
    if (!product || !isComplete(answers)) return;
    onClose();
    void navigate(recommendationPath(product, answers));
  };

  const footer = (
    <Flex gap={8} justify="flex-end" wrap>
      {step > 0 ? (
        <Button onClick={() => setStep((current) => current - 1)} data-testid="guide-back">
          {t('guide.back')}
        </Button>
      ) : null}
      {product ? (
        <>
          <Button onClick={() => setStep(0)} data-testid="guide-restart">
            {t('guide.restart')}
          </Button>
          <Button type="primary" onClick={openGenerator} data-testid="guide-open">
            {t('guide.open')}
          </Button>
        </>
      ) : (
        <Button type="primary" onClick={next} data-testid="guide-next">
          {t('guide.next')}
        </Button>
      )}
    </Flex>
  );

  return (
    <Modal open={open} onCancel={onClose} title={t('guide.title')} footer={footer} width={560}>
      <Flex vertical gap={16} data-testid="guide-dialog">
        <Steps
          type="dot"
          size="small"
          responsive={false}
          current={step}
          items={[...QUESTION_ORDER, 'result' as const].map((key) => ({ title: t(`guide.step.${key}`) }))}
        />
        {step === 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {t('guide.intro')}
          </Typography.Paragraph>
        ) : null}
        {question ? (
          <fieldset
            style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}
            data-testid={`guide-question-${question}`}
          >
            <legend id={legendId} style={{ fontSize: 16, fontWeight: 600, marginBottom: 12 }}>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, fontWeight: 400 }}>
                {t('guide.progress', { n: step + 1, total: QUESTION_ORDER.length })}
              </Typography.Text>
              {t(`guide.${question}.question`)}
            </legend>
            <Radio.Group
              aria-labelledby={legendId}
              value={answers[question]}
              onChange={(event) => {
                setIsNudged(false);
                setAnswers((previous) => ({ ...previous, [question]: event.target.value }));
              }}
              style={{ width: '100%' }}
            >
              <Flex vertical gap={10}>
                {GUIDE_QUESTIONS[question].map((answer) => (
                  <Radio
                    key={answer}
                    value={answer}
                    data-testid={`guide-answer-${question}-${answer}`}
                    style={{ alignItems: 'flex-start' }}
                  >
                    <span style={{ display: 'block' }}>{t(`guide.${question}.${answer}`)}</span>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {t(`guide.${question}.${answer}.hint`)}
                    </Typography.Text>
                  </Radio>
                ))}
              </Flex>
            </Radio.Group>
            {isNudged ? (
              <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 8 }}>
                {t('guide.pickAnswer')}
              </Typography.Text>
            ) : null}
          </fieldset>
        ) : product && isComplete(answers) ? (
          <Flex vertical gap={8} data-testid="guide-result">
            <Typography.Text type="secondary">{t('guide.result.title')}</Typography.Text>
            <Typography.Title
              level={2}
              style={{ fontSize: 20, margin: 0 }}
              data-testid={`guide-result-${product}`}
            >
              {t(`guide.product.${product}`)}
            </Typography.Title>
            <Typography.Paragraph style={{ margin: 0 }}>
              {t(`guide.product.${product}.text`)}
            </Typography.Paragraph>
            <Typography.Text strong>{t('guide.result.answers')}</Typography.Text>
            <ul style={{ margin: 0, paddingInlineStart: 20 }}>
              {QUESTION_ORDER.map((key) => (
                <li key={key}>{t(`guide.${key}.${answers[key]}`)}</li>
              ))}
            </ul>
            <Typography.Text type="secondary">{t('guide.result.change')}</Typography.Text>
          </Flex>
        ) : null}
      </Flex>
    </Modal>
  );
};
