import { CalendarOutlined, CheckCircleFilled, GiftOutlined } from '@ant-design/icons';
import { SIGN_IN_CALENDAR_DAYS } from '@ptc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Skeleton, Tooltip, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import { useFeedback } from '../../shared/ui/feedback';
import { refreshUserInfo } from '../user-center/refresh-user-info';
import { getSignIn, REWARDS_QUERY_KEYS, signInToday } from './rewards.api';
import './rewards-texts';
import { addDays, SURVEY_AMOUNT, trimPtc } from './rewards-format';

// The survey window (questions, then the bind-phone form) loads when it is to open.
const SurveyWindow = lazy(() => import('./survey-window'));

/** The calendar's days, oldest first: today and the {@link SIGN_IN_CALENDAR_DAYS} − 1 before it. */
const calendarDays = (today: string) =>
  Array.from({ length: SIGN_IN_CALENDAR_DAYS }, (_, index) =>
    addDays(today, index - SIGN_IN_CALENDAR_DAYS + 1),
  );

/**
 * The overview's rewards card (issue #20; SPEC §1 "sign in daily for a reward, and take a survey:
 * 1 PTC for binding a phone"): "Sign in today" with the reward, the streak and a calendar of the
 * last 30 (UTC) days; the survey offer, whose window also pops up by itself once
 * (`show_questionnaire_windows`, after the new-user guide). Loaded after the overview's first
 * screen, with its texts.
 */
const RewardsCard = () => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const user = useStore(userStore);
  const isTourist = !user || user.is_tourist;
  const status = useQuery({
    queryKey: REWARDS_QUERY_KEYS.signIn,
    queryFn: ({ signal }) => getSignIn(signal),
    enabled: !isTourist,
  });
  const [isSigning, setIsSigning] = useState(false);
  const [isSurveyOpen, setSurveyOpen] = useState(false);
  const hasPopped = useRef(false);

  // The survey window pops up once by itself when the server says so, not over the new-user guide.
  useEffect(() => {
    if (hasPopped.current || !user?.show_questionnaire_windows || user.is_new_user) return;
    hasPopped.current = true;
    setSurveyOpen(true);
  }, [user?.show_questionnaire_windows, user?.is_new_user]);

  const signIn = async () => {
    setIsSigning(true);
    try {
      const result = await signInToday();
      queryClient.setQueryData(REWARDS_QUERY_KEYS.signIn, result);
      if (result.limited) void message.info(t('rewards.signIn.limited'));
      else if (Number(result.credited) > 0)
        void message.success(t('rewards.signIn.credited', { amount: trimPtc(result.credited) }));
      else void message.success(t('rewards.signIn.done'));
      await refreshUserInfo();
    } catch {
      // 6002 and the rest are shown by the API client (SPEC §8); the calendar is asked for again.
      void status.refetch();
    } finally {
      setIsSigning(false);
    }
  };

  const data = status.data;
  const signInBody = () => {
    if (status.isError) return <Typography.Text type="secondary">{t('rewards.loadFailed')}</Typography.Text>;
    if (!data) return <Skeleton active paragraph={{ rows: 2 }} title={false} />;
    const signed = new Set(data.days);
    const dateFormat = new Intl.DateTimeFormat(i18n.language, {
      month: 'short',
      day: 'numeric',
      timeZone: 'UTC',
    });
    const nextAt = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'short' }).format(
      new Date(data.next_at),
    );
    const hasReward = Number(data.reward) > 0;
    return (
      <Flex vertical gap={12}>
        <Typography.Text>
          {hasReward
            ? t('rewards.signIn.intro', { amount: trimPtc(data.reward) })
            : t('rewards.signIn.introOff')}
        </Typography.Text>
        <Flex wrap gap={12} align="center">
          {data.signed_today ? (
            <Typography.Text type="success" data-testid="sign-in-done">
              <CheckCircleFilled /> {t('rewards.signIn.signed')}
            </Typography.Text>
          ) : null}
          <Button
            type="primary"
            icon={<CalendarOutlined />}
            loading={isSigning}
            onClick={() => void signIn()}
            data-testid="sign-in-today"
          >
            {t('rewards.signIn.button')}
          </Button>
          <Typography.Text type="secondary" data-testid="sign-in-streak">
            {t('rewards.signIn.streak', { count: data.streak })}
          </Typography.Text>
        </Flex>
        {data.signed_today ? (
          <Typography.Text type="secondary">{t('rewards.signIn.next', { time: nextAt })}</Typography.Text>
        ) : null}
        <div>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('rewards.signIn.calendar', { count: SIGN_IN_CALENDAR_DAYS })}
          </Typography.Text>
          <ol
            aria-label={t('rewards.signIn.calendar', { count: SIGN_IN_CALENDAR_DAYS })}
            data-testid="sign-in-calendar"
            style={{
              listStyle: 'none',
              margin: '4px 0 0',
              padding: 0,
              display: 'grid',
              gridTemplateColumns: 'repeat(10, minmax(0, 1fr))',
              gap: 4,
              maxWidth: 360,
            }}
          >
            {calendarDays(data.today).map((day) => {
              const isSigned = signed.has(day);
              const label = t(isSigned ? 'rewards.signIn.daySigned' : 'rewards.signIn.dayMissed', {
                date: dateFormat.format(new Date(`${day}T00:00:00Z`)),
              });
              return (
                <Tooltip key={day} title={label}>
                  <li
                    aria-label={label}
                    data-signed={isSigned}
                    data-day={day}
                    style={{
                      height: 22,
                      borderRadius: 4,
                      fontSize: 11,
                      lineHeight: '20px',
                      textAlign: 'center',
                      // Signed: the primary colour's tint and border; readable text either way.
                      background: isSigned
                        ? 'var(--ant-color-primary-bg)'
                        : 'var(--ant-color-fill-quaternary)',
                      border: `1px solid ${isSigned ? 'var(--ant-color-primary)' : 'transparent'}`,
                      color: isSigned ? 'var(--ant-color-text)' : 'var(--ant-color-text-secondary)',
                      fontWeight: day === data.today ? 600 : undefined,
                      textDecoration: day === data.today ? 'underline' : undefined,
                    }}
                  >
                    {Number(day.slice(8))}
                  </li>
                </Tooltip>
              );
            })}
          </ol>
        </div>
      </Flex>
    );
  };

  const surveyOffer = () => {
    if (!user?.question_switch) return null;
    if (!user.has_gift)
      return (
        <Typography.Text type="secondary">
          <CheckCircleFilled /> {t('rewards.survey.rewarded')}
        </Typography.Text>
      );
    return (
      <Flex wrap gap={12} align="center">
        <Typography.Text>
          <GiftOutlined />{' '}
          {t(user.to_band_phone ? 'rewards.survey.bindOffer' : 'rewards.survey.offer', {
            amount: SURVEY_AMOUNT,
          })}
        </Typography.Text>
        <Button onClick={() => setSurveyOpen(true)} data-testid="survey-open">
          {t(user.to_band_phone ? 'rewards.survey.bind' : 'rewards.survey.open')}
        </Button>
      </Flex>
    );
  };

  // A tourist earns no reward: it binds an email or a phone first (SPEC §4).
  if (isTourist) return null;
  return (
    <>
      <Card title={t('rewards.signIn.title')} data-testid="rewards-card">
        <Flex vertical gap={16}>
          {signInBody()}
          {surveyOffer()}
        </Flex>
      </Card>
      {isSurveyOpen ? (
        <Suspense fallback={null}>
          <SurveyWindow
            startWithPhone={Boolean(user?.to_band_phone)}
            onClose={() => {
              setSurveyOpen(false);
              void status.refetch();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
};

export default RewardsCard;
