import { QuestionCircleOutlined } from '@ant-design/icons';
import { PROXY_FAMILIES } from '@ptc/contracts';
import { Button, Card, Flex, Steps, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';
import { isThisMobileDevice } from '../charge/top-up-device';
import { useWalletPaths } from '../charge/wallet-paths';
import { openNewUserGuide } from '../new-user-guide/guide-trigger';
import { pagePath } from '../proxy-list/page-path';
import { connectFamily, FAMILY_PAGES, FIRST_RUN_STEPS, type FirstRunStep } from './first-run';
import type { ProxiesSummary } from './overview.api';

/**
 * The overview of an account with no proxy yet, in place of sixteen zero counts: the three steps
 * to a first working request, each with the button that takes it (on a phone or tablet, which
 * cannot top up, the first step gives the computer's address instead). Hooks: `overview-first-run`,
 * `overview-first-run-{step}`, `overview-first-run-top-up`, `overview-first-run-top-up-elsewhere`,
 * `overview-first-run-type-{family}`, `overview-first-run-guide` (opens the new-user guide, which
 * recommends one of the types), `overview-first-run-open-list`.
 */
export const FirstRunCard = ({
  step,
  proxies,
}: {
  step: FirstRunStep;
  proxies: ProxiesSummary | undefined;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const walletPaths = useWalletPaths();
  const current = FIRST_RUN_STEPS.indexOf(step);

  const chargeAddress = `${window.location.origin}${walletPaths.charge}`;

  const actions: Record<FirstRunStep, React.ReactNode> = {
    // A phone or tablet cannot top up (SPEC §2): the step says where to, with the address to copy.
    topUp: isThisMobileDevice() ? (
      <Typography.Text
        strong={step === 'topUp'}
        style={{ overflowWrap: 'anywhere' }}
        copyable={{ text: chargeAddress, tooltips: [t('charge.device.copy'), t('charge.device.copied')] }}
        data-testid="overview-first-run-top-up-elsewhere"
      >
        {t('overview.firstRun.topUp.elsewhere', { address: chargeAddress })}
      </Typography.Text>
    ) : (
      <Button
        type={step === 'topUp' ? 'primary' : 'default'}
        size="small"
        onClick={() => void navigate(walletPaths.charge)}
        data-testid="overview-first-run-top-up"
      >
        {t('overview.firstRun.topUp.action')}
      </Button>
    ),
    pickType: (
      <Flex gap={8} wrap>
        {PROXY_FAMILIES.map((family) => (
          <Button
            key={family}
            size="small"
            type={step === 'pickType' && family === 'dynamic-traffic' ? 'primary' : 'default'}
            onClick={() => void navigate(pagePath(FAMILY_PAGES[family]))}
            data-testid={`overview-first-run-type-${family}`}
          >
            {t(`overview.proxies.family.${family}`)}
          </Button>
        ))}
        <Button
          size="small"
          type="link"
          icon={<QuestionCircleOutlined />}
          onClick={openNewUserGuide}
          data-testid="overview-first-run-guide"
        >
          {t('overview.firstRun.pickType.guide')}
        </Button>
      </Flex>
    ),
    connect: (
      <Button
        size="small"
        type={step === 'connect' ? 'primary' : 'default'}
        onClick={() => void navigate(pagePath(FAMILY_PAGES[connectFamily(proxies)]))}
        data-testid="overview-first-run-open-list"
      >
        {t('overview.firstRun.connect.action')}
      </Button>
    ),
  };

  return (
    <Card title={t('overview.firstRun.title')} style={{ height: '100%' }} data-testid="overview-first-run">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('overview.firstRun.intro')}</Typography.Text>
        <Steps
          orientation="vertical"
          size="small"
          current={current}
          items={FIRST_RUN_STEPS.map((key) => ({
            title: t(`overview.firstRun.${key}.title`),
            description: (
              <Flex vertical gap={8} align="flex-start" data-testid={`overview-first-run-${key}`}>
                <span>{t(`overview.firstRun.${key}.text`)}</span>
                {actions[key]}
              </Flex>
            ),
          }))}
        />
      </Flex>
    </Card>
  );
};
