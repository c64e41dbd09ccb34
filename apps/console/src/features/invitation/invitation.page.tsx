import { GiftOutlined, LockOutlined } from '@ant-design/icons';
import type { InvitationSummary, Invitee } from '@ptc/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  Button,
  Card,
  Divider,
  Empty,
  Flex,
  Pagination,
  Progress,
  Result,
  Skeleton,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { Fragment, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { LoadFailed } from '../../shared/ui/load-failed';
import { shareLinkFor } from '../share-code/share-code.api';
import {
  getInvitationSummary,
  getInvitees,
  INVITATION_QUERY_KEYS,
  partnerPageSrc,
  showPtc,
} from './invitation.api';
import './invitation-texts';

const PAGE_SIZE = 10;

/** Until 100 PTC of top-ups: what unlocks the programme and how much is left, with "Top up". */
const LockedCard = ({ summary }: { summary: InvitationSummary }) => {
  const { t } = useTranslation();
  const total = showPtc(summary.unlock_total);
  const done = Number(summary.total_top_up) / Number(summary.unlock_total);
  return (
    <Card data-testid="invitation-locked">
      <Result
        icon={<LockOutlined />}
        title={
          <Typography.Title level={2} style={{ fontSize: 20, margin: 0 }}>
            {t('invitation.locked.title', { total })}
          </Typography.Title>
        }
        subTitle={
          <Flex vertical gap={8} align="center">
            <Typography.Text strong data-testid="invitation-remaining" data-remaining={summary.remaining}>
              {t('invitation.locked.remaining', { amount: showPtc(summary.remaining) })}
            </Typography.Text>
            <Progress
              percent={Math.min(99, Math.floor(done * 100))}
              showInfo={false}
              style={{ width: 'min(320px, 100%)' }}
            />
            <Typography.Text type="secondary">
              {t('invitation.locked.progress', { amount: showPtc(summary.total_top_up), total })}
            </Typography.Text>
            <Typography.Text type="secondary">{t('invitation.locked.note')}</Typography.Text>
          </Flex>
        }
        extra={
          <Link to="/charge">
            <Button type="primary" data-testid="invitation-top-up">
              {t('invitation.locked.topUp')}
            </Button>
          </Link>
        }
      />
    </Card>
  );
};

/** The operator's partner page (INVITATION_PAGE_URL) in a sandboxed frame. */
const PartnerFrame = ({ summary, pageUrl }: { summary: InvitationSummary; pageUrl: string }) => {
  const { t, i18n } = useTranslation();
  return (
    <iframe
      title={t('invitation.partner.title')}
      src={partnerPageSrc(pageUrl, summary, i18n.language)}
      // Its own origin's scripts and forms, new windows for its links; never our origin's storage,
      // top-level navigation or downloads.
      sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox"
      referrerPolicy="no-referrer"
      style={{ width: '100%', minHeight: '70vh', border: 'none' }}
      data-testid="invitation-partner-frame"
    />
  );
};

/** One invited customer: masked name, when they signed up, status and the reward they earned. */
const InviteeItem = ({ invitee }: { invitee: Invitee }) => {
  const { t } = useTranslation();
  return (
    <li data-testid="invitee" data-status={invitee.status} style={{ listStyle: 'none' }}>
      <Flex justify="space-between" gap={8} wrap style={{ width: '100%' }}>
        <Flex vertical gap={2} style={{ minWidth: 0 }}>
          <Typography.Text strong style={{ overflowWrap: 'anywhere' }} data-testid="invitee-name">
            {invitee.name}
          </Typography.Text>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('invitation.invitee.registered', { date: invitee.registered_at.slice(0, 10) })}
          </Typography.Text>
        </Flex>
        <Flex vertical gap={2} align="end">
          <Tag color={invitee.status === 'topped_up' ? 'green' : 'default'} style={{ marginInlineEnd: 0 }}>
            {t(`invitation.invitee.status.${invitee.status}`)}
          </Tag>
          <Typography.Text
            type={invitee.reward ? 'success' : 'secondary'}
            style={{ fontSize: 12 }}
            data-testid="invitee-reward"
          >
            {invitee.reward
              ? t('invitation.invitee.reward', { amount: showPtc(invitee.reward) })
              : t('invitation.invitee.noReward')}
          </Typography.Text>
        </Flex>
      </Flex>
    </li>
  );
};

/** The programme once unlocked: rule, link and code, counts and the invited customers. */
const ProgrammeCards = ({ summary }: { summary: InvitationSummary }) => {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const invitees = useQuery({
    queryKey: INVITATION_QUERY_KEYS.invitees(page),
    queryFn: ({ signal }) => getInvitees(page, PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  return (
    <>
      <Card data-testid="invitation-share">
        <Flex vertical gap={12} style={{ minWidth: 0 }}>
          <Typography.Paragraph style={{ margin: 0 }} data-testid="invitation-rule">
            <GiftOutlined style={{ marginInlineEnd: 8 }} />
            {t('invitation.rule', {
              reward: showPtc(summary.reward_per_referral),
              min: showPtc(summary.min_first_top_up),
            })}
          </Typography.Paragraph>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('invitation.link')}</Typography.Text>
            <Typography.Text copyable style={{ overflowWrap: 'anywhere' }} data-testid="invitation-page-link">
              {summary.invitation_link}
            </Typography.Text>
          </Flex>
          <Flex vertical gap={2} style={{ minWidth: 0 }}>
            <Typography.Text type="secondary">{t('invitation.shareLink')}</Typography.Text>
            <Typography.Text
              copyable
              style={{ overflowWrap: 'anywhere' }}
              data-testid="invitation-share-link"
            >
              {shareLinkFor(summary.invite_code)}
            </Typography.Text>
          </Flex>
          <Flex vertical gap={2}>
            <Typography.Text type="secondary">{t('invitation.code')}</Typography.Text>
            <Typography.Text copyable strong data-testid="invitation-page-code">
              {summary.invite_code}
            </Typography.Text>
          </Flex>
        </Flex>
      </Card>
      <Card>
        <Flex gap={24} wrap>
          <Statistic
            title={t('invitation.stats.invited')}
            value={summary.invited_count}
            data-testid="invitation-invited-count"
          />
          <Statistic
            title={t('invitation.stats.toppedUp')}
            value={summary.topped_up_count}
            data-testid="invitation-topped-up-count"
          />
          <Statistic
            title={t('invitation.stats.earned')}
            value={showPtc(summary.rewards_earned)}
            data-testid="invitation-earned"
          />
        </Flex>
      </Card>
      <Card title={t('invitation.invitees')} data-testid="invitation-invitees">
        {invitees.isError ? (
          <LoadFailed
            title={t('invitation.loadFailed')}
            error={invitees.error}
            onRetry={() => void invitees.refetch()}
          />
        ) : invitees.isPending ? (
          <Skeleton active />
        ) : invitees.data.total === 0 ? (
          <Empty description={t('invitation.invitees.empty')} />
        ) : (
          <Flex vertical gap={12}>
            <ul style={{ margin: 0, padding: 0 }}>
              {invitees.data.data.map((invitee, index) => (
                <Fragment key={`${invitee.name}-${invitee.registered_at}`}>
                  {index > 0 ? <Divider style={{ margin: '12px 0' }} /> : null}
                  <InviteeItem invitee={invitee} />
                </Fragment>
              ))}
            </ul>
            {invitees.data.total > PAGE_SIZE ? (
              <Pagination
                simple
                align="end"
                current={page}
                pageSize={PAGE_SIZE}
                total={invitees.data.total}
                onChange={setPage}
              />
            ) : null}
          </Flex>
        )}
      </Card>
    </>
  );
};

/**
 * `/invitation-program` (SPEC §2, §6, §9; issue #20). Locked until 100 PTC of top-ups, and then
 * says how much is left; unlocked, the operator's partner page in a frame when one is configured,
 * otherwise the programme itself: link and code, counts, invited customers and rewards.
 */
const InvitationPage = () => {
  const { t } = useTranslation();
  const summary = useQuery({
    queryKey: INVITATION_QUERY_KEYS.summary,
    queryFn: ({ signal }) => getInvitationSummary(signal),
  });
  const body = () => {
    if (summary.isError)
      return (
        <LoadFailed
          title={t('invitation.loadFailed')}
          error={summary.error}
          onRetry={() => void summary.refetch()}
        />
      );
    if (summary.isPending) return <Skeleton active />;
    const data = summary.data;
    if (!data.unlocked) return <LockedCard summary={data} />;
    if (data.page_url) return <PartnerFrame summary={data} pageUrl={data.page_url} />;
    return <ProgrammeCards summary={data} />;
  };
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }} data-testid="invitation-program">
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {t('menu.invitationProgram')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('invitation.intro')}
      </Typography.Paragraph>
      {body()}
    </Flex>
  );
};

export default InvitationPage;
