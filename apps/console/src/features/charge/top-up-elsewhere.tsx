import { LaptopOutlined } from '@ant-design/icons';
import { Alert, Flex, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useWalletPaths } from './wallet-paths';

/**
 * On a phone or tablet, where recharging is unavailable (SPEC §2): says to top up from a computer
 * and gives the address to open there (this console's own origin and charge page), with a copy
 * button. Its texts are in the first bundle (`locales/<lang>/top-up-device.ts`): the overview
 * shows it too. Hooks: `charge-mobile-unsupported`, `charge-top-up-address`.
 */
export const TopUpElsewhere = () => {
  const { t } = useTranslation();
  const paths = useWalletPaths();
  const address = `${window.location.origin}${paths.charge}`;
  return (
    <Alert
      type="info"
      showIcon
      icon={<LaptopOutlined />}
      title={t('charge.device.title')}
      description={
        <Flex vertical gap={4} align="start">
          <span style={{ overflowWrap: 'anywhere' }}>{t('charge.device.detail', { address })}</span>
          <Typography.Text
            copyable={{ text: address, tooltips: [t('charge.device.copy'), t('charge.device.copied')] }}
            data-testid="charge-top-up-address"
          >
            {t('charge.device.copy')}
          </Typography.Text>
        </Flex>
      }
      data-testid="charge-mobile-unsupported"
    />
  );
};
