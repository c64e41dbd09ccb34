import {
  type ProxyRow,
  REPLACEMENT_NOTE_MAX,
  REPLACEMENT_REASONS,
  type ReplacementReason,
  type ReplacementResult,
} from '@ptc/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Input, Modal, Radio, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { MONEY_TRAIL_QUERY_KEY } from '../money-trail/money-trail.api';
import { formatTime } from './proxy-display';
import {
  fetchReplacementLimits,
  newReplacementRequestId,
  replaceProxyAddress,
} from './proxy-replacement.api';
import './replacement-texts';

/** Whether a row's address can be replaced now: a live static proxy, neither invalid nor expired. */
export const isReplaceableRow = (row: Pick<ProxyRow, 'generate' | 'deleted' | 'status'>): boolean =>
  row.generate === 'static' && !row.deleted && row.status !== 2 && row.status !== 3;

const ReplaceBody = ({ proxy, onClose, onReplaced }: ReplaceDialogProps & { proxy: ProxyRow }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const places = usePlaceNames();
  const client = useQueryClient();
  // One id per dialog: a double click, or a retry after a lost answer, replaces once.
  const [requestId] = useState(newReplacementRequestId);
  const [reason, setReason] = useState<ReplacementReason | null>(null);
  const [note, setNote] = useState('');
  const [isReplacing, setIsReplacing] = useState(false);
  const [result, setResult] = useState<ReplacementResult | null>(null);
  const limits = useQuery({
    queryKey: ['proxy-list', 'replacement-limits', proxy.id],
    queryFn: ({ signal }) => fetchReplacementLimits(proxy.id, signal),
    staleTime: 0,
  });
  const shown = result?.limits ?? limits.data;
  const isExhausted = shown ? shown.proxy_left === 0 || shown.account_left === 0 : false;

  const replace = async () => {
    if (!reason) return;
    setIsReplacing(true);
    try {
      const replaced = await replaceProxyAddress(proxy.id, {
        reason,
        request_id: requestId,
        ...(note.trim() ? { note: note.trim() } : {}),
      });
      setResult(replaced);
      onReplaced(replaced.proxy);
      void message.success(t('proxies.replace.done'));
      void client.invalidateQueries({ queryKey: MONEY_TRAIL_QUERY_KEY });
    } catch {
      // The API client showed the code's text (101 limit, 4004 no free address …); nothing changed.
      void limits.refetch();
    } finally {
      setIsReplacing(false);
    }
  };

  const limitsText = shown ? (
    <Flex vertical gap={4}>
      <Typography.Text data-testid="proxy-replace-left">
        {t('proxies.replace.left', {
          proxyLeft: shown.proxy_left,
          proxyLimit: shown.proxy_limit,
          accountLeft: shown.account_left,
          accountLimit: shown.account_limit,
          days: shown.period_days,
        })}
      </Typography.Text>
      {isExhausted && !result ? (
        <Alert
          type="warning"
          showIcon
          title={t('proxies.replace.noneLeft')}
          description={
            shown.next_at ? t('proxies.replace.nextAt', { time: formatTime(shown.next_at) }) : null
          }
          data-testid="proxy-replace-none-left"
        />
      ) : null}
    </Flex>
  ) : limits.isError ? (
    <Typography.Text type="secondary">{t('proxies.replace.limitsFailed')}</Typography.Text>
  ) : (
    <Skeleton.Input size="small" active />
  );

  if (result) {
    return (
      <Flex vertical gap={16} data-testid="proxy-replace-dialog">
        <Alert
          type="success"
          showIcon
          title={t('proxies.replace.done')}
          description={
            <Flex vertical gap={4}>
              <Typography.Text strong data-testid="proxy-replace-result" style={{ overflowWrap: 'anywhere' }}>
                {t('proxies.replace.result', { from: result.old_ip ?? '—', to: result.new_ip ?? '—' })}
              </Typography.Text>
              <Typography.Text>{t('proxies.replace.resultHint')}</Typography.Text>
            </Flex>
          }
        />
        {limitsText}
        <Flex justify="end">
          <Button type="primary" onClick={onClose} data-testid="proxy-replace-close">
            {t('proxies.close')}
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <Flex vertical gap={16} data-testid="proxy-replace-dialog">
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('proxies.replace.current')}>
          <span data-testid="proxy-replace-current">{proxy.ip ?? '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('proxies.replace.area')}>
          {proxy.area.country
            ? places.place({
                country: proxy.area.country,
                state: proxy.area.state,
                city: proxy.area.city,
                city_name: proxy.area.city_name,
              })
            : '—'}
        </Descriptions.Item>
        <Descriptions.Item label={t('proxies.replace.expiry')}>
          {formatTime(proxy.expire_time)}
        </Descriptions.Item>
      </Descriptions>
      <Flex vertical gap={8}>
        <Typography.Text strong id="proxy-replace-reason-label">
          {t('proxies.replace.reason')}
        </Typography.Text>
        <Radio.Group
          aria-labelledby="proxy-replace-reason-label"
          value={reason}
          onChange={(event) => setReason(event.target.value as ReplacementReason)}
          data-testid="proxy-replace-reason"
        >
          <Flex vertical gap={8}>
            {REPLACEMENT_REASONS.map((value) => (
              <Radio key={value} value={value} data-testid={`proxy-replace-reason-${value}`}>
                {t(`proxies.replace.reason.${value}`)}
              </Radio>
            ))}
          </Flex>
        </Radio.Group>
        {reason === 'blocked' ? (
          <Typography.Text type="secondary">{t('proxies.replace.blockedHint')}</Typography.Text>
        ) : null}
      </Flex>
      <Flex vertical gap={4}>
        <Typography.Text strong>{t('proxies.replace.note')}</Typography.Text>
        <Input.TextArea
          value={note}
          onChange={(event) => setNote(event.target.value)}
          maxLength={REPLACEMENT_NOTE_MAX}
          showCount
          autoSize={{ minRows: 2, maxRows: 4 }}
          placeholder={t('proxies.replace.notePlaceholder')}
          aria-label={t('proxies.replace.note')}
          data-testid="proxy-replace-note"
        />
      </Flex>
      <Typography.Text type="secondary">{t('proxies.replace.free')}</Typography.Text>
      {limitsText}
      <Flex justify="end" gap={8} wrap>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          type="primary"
          loading={isReplacing}
          disabled={!reason || isExhausted}
          onClick={() => void replace()}
          data-testid="proxy-replace-confirm"
        >
          {t('proxies.replace.confirm')}
        </Button>
      </Flex>
    </Flex>
  );
};

/** Props of {@link ReplaceDialog}. */
export interface ReplaceDialogProps {
  proxy: ProxyRow | null;
  onClose: () => void;
  /** The proxy as the server answered it, with its new address. */
  onReplaced: (row: ProxyRow) => void;
}

/**
 * Replaces the IP of a static proxy (issue #21): the reason, an optional note, the replacements
 * left, then the result (old → new address). Free; credentials and expiry stay.
 */
export const ReplaceDialog = ({ proxy, onClose, onReplaced }: ReplaceDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.replace.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {proxy ? <ReplaceBody proxy={proxy} onClose={onClose} onReplaced={onReplaced} /> : null}
    </Modal>
  );
};
