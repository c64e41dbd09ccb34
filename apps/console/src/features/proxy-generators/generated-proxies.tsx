import { CopyOutlined } from '@ant-design/icons';
import { type AppError, ERRORS, formatPtc, parsePtc } from '@ptc/contracts';
import { Alert, Button, Flex, Input, Table, type TableColumnsType, Typography, theme } from 'antd';
import dayjs from 'dayjs';
import { useLocation, useNavigate } from 'react-router';
import { WEBAPP_BASE_PATH } from '../../routes.paths';
import { usePlaceNames } from '../../shared/i18n/place-names';
import { useTranslation } from '../../shared/i18n/use-translation';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';
import { useIsMobile } from '../../shared/ui/use-is-mobile';
import { getWalletPath } from '../charge/wallet-paths';
import { toColonForm } from '../proxy-list/proxy-formats';
import type { GeneratedProxy, GenerationResult } from './generators.api';

/** Rows per page of the result table (a generation makes up to 1 000). */
const PAGE_SIZE = 10;

/** Copies `text`, or shows it in a dialog to copy by hand when the clipboard is unavailable. */
export const useCopy = () => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  return async (text: string) => {
    if ((await copyToClipboard(text)) === 'copied') {
      void message.success(t('generators.copied'));
      return;
    }
    modal.info({
      title: t('generators.copyUnsupported'),
      width: 560,
      content: (
        <Input.TextArea
          value={text}
          readOnly
          autoSize={{ minRows: 2, maxRows: 10 }}
          onFocus={(event) => event.currentTarget.select()}
          data-testid="generated-copy-fallback"
        />
      ),
    });
  };
};

const ptc = (text: string): string => {
  try {
    return formatPtc(parsePtc(text), 2);
  } catch {
    return text;
  }
};

/** Props of {@link GeneratedProxies}. */
export interface GeneratedProxiesProps {
  result: GenerationResult;
  /** E2E hooks: `<prefix>-result`, `-result-copy-all`, rows `<prefix>-result-row` with `-copy`. */
  testIdPrefix: string;
}

/**
 * The proxies a generation made: `address:port:user:pass` with a copy button each, a copy of
 * them all (one a line), their protocol, place and expiry, and what the purchase charged.
 */
export const GeneratedProxies = ({ result, testIdPrefix }: GeneratedProxiesProps) => {
  const { t } = useTranslation();
  const copy = useCopy();
  const isMobile = useIsMobile();
  const { token } = theme.useToken();
  const placeNames = usePlaceNames();
  const proxies = result.data;
  const hasExpiry = proxies.some((proxy) => proxy.expire_time);
  const charged = ptc(result.charged);

  // Country, state and city in the interface language, never the raw city key ("losangeles").
  const place = (proxy: GeneratedProxy) => placeNames.place(proxy.area) || t('generators.area.any');
  const expiry = (proxy: GeneratedProxy) =>
    proxy.expire_time ? dayjs(proxy.expire_time).format('YYYY-MM-DD HH:mm') : '—';

  const columns = ((): TableColumnsType<GeneratedProxy> => {
    const copyButton = (proxy: GeneratedProxy) => (
      <Button
        type="text"
        size="small"
        icon={<CopyOutlined />}
        aria-label={t('generators.result.copy')}
        title={t('generators.result.copy')}
        onClick={() => void copy(toColonForm(proxy))}
        data-testid={`${testIdPrefix}-result-copy`}
      />
    );
    if (isMobile) {
      // One column: the copy button first, the proxy wrapped, its details below.
      return [
        {
          key: 'proxy',
          title: t('generators.result.proxy'),
          render: (_value, proxy) => (
            <Flex align="start" gap={4}>
              {copyButton(proxy)}
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Typography.Text
                  style={{ fontFamily: token.fontFamilyCode, wordBreak: 'break-all' }}
                  data-testid={`${testIdPrefix}-result-line`}
                >
                  {toColonForm(proxy)}
                </Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {[
                    t(`generators.protocol.${proxy.protocol}`),
                    place(proxy),
                    hasExpiry ? expiry(proxy) : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography.Text>
              </Flex>
            </Flex>
          ),
        },
      ];
    }
    return [
      {
        key: 'proxy',
        title: t('generators.result.proxy'),
        render: (_value, proxy) => (
          <Flex align="center" gap={4}>
            <Typography.Text
              code
              style={{ whiteSpace: 'nowrap' }}
              data-testid={`${testIdPrefix}-result-line`}
            >
              {toColonForm(proxy)}
            </Typography.Text>
            {copyButton(proxy)}
          </Flex>
        ),
      },
      {
        key: 'protocol',
        title: t('generators.protocol'),
        render: (_value, proxy) => t(`generators.protocol.${proxy.protocol}`),
      },
      { key: 'place', title: t('generators.result.place'), render: (_value, proxy) => place(proxy) },
      ...(hasExpiry
        ? [
            {
              key: 'expire',
              title: t('generators.result.expires'),
              render: (_value: unknown, proxy: GeneratedProxy) => expiry(proxy),
            },
          ]
        : []),
    ];
  })();

  return (
    <Flex vertical gap={12} data-testid={`${testIdPrefix}-result`}>
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Typography.Text strong>{t('generators.result.title', { n: proxies.length })}</Typography.Text>
        <Button
          icon={<CopyOutlined />}
          onClick={() => void copy(proxies.map(toColonForm).join('\n'))}
          data-testid={`${testIdPrefix}-result-copy-all`}
        >
          {t('generators.result.copyAll')}
        </Button>
      </Flex>
      {parsePtc(result.charged) > 0n ? (
        <Typography.Text type="secondary" data-testid={`${testIdPrefix}-result-charged`}>
          {t('generators.result.charged', { amount: charged, balance: ptc(result.balance) })}
        </Typography.Text>
      ) : null}
      <Table<GeneratedProxy>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={proxies}
        scroll={isMobile ? undefined : { x: 'max-content' }}
        pagination={
          proxies.length > PAGE_SIZE ? { pageSize: PAGE_SIZE, showSizeChanger: false, size: 'small' } : false
        }
        onRow={() => ({ 'data-testid': `${testIdPrefix}-result-row` }) as React.HTMLAttributes<HTMLElement>}
      />
    </Flex>
  );
};

/** Props of {@link GenerationFailure}. */
export interface GenerationFailureProps {
  failure: AppError | null;
  onClose: () => void;
  testIdPrefix: string;
}

/**
 * What to do after a refusal whose toast alone leaves the user stuck: 3002 offers the charge
 * page, 4010 says how the static search limit comes back. Other codes are the toast's alone.
 */
export const GenerationFailure = ({ failure, onClose, testIdPrefix }: GenerationFailureProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const isWebapp = useLocation().pathname.startsWith(WEBAPP_BASE_PATH);
  if (!failure) return null;
  if (failure.code === ERRORS.ERR_BALANCE_NOT_ENOUGH.code) {
    return (
      <Alert
        type="warning"
        showIcon
        closable={{ onClose }}
        title={t('errors.ERR_BALANCE_NOT_ENOUGH')}
        description={t('generators.failure.balance')}
        action={
          <Button
            type="primary"
            size="small"
            onClick={() => void navigate(getWalletPath('charge', isWebapp))}
            data-testid={`${testIdPrefix}-top-up`}
          >
            {t('generators.failure.topUp')}
          </Button>
        }
        data-testid={`${testIdPrefix}-failure-balance`}
      />
    );
  }
  if (failure.code === ERRORS.ERR_STATIC_SEARCH_LIMIT.code) {
    return (
      <Alert
        type="warning"
        showIcon
        closable={{ onClose }}
        title={t('errors.ERR_STATIC_SEARCH_LIMIT')}
        description={t('generators.failure.searchLimit')}
        data-testid={`${testIdPrefix}-failure-search-limit`}
      />
    );
  }
  return null;
};
