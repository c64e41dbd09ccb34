import { WalletOutlined } from '@ant-design/icons';
import { theme } from 'antd';
import { Link } from 'react-router';
import { formatAmount } from '../../features/charge/wallet-money';
import { useTranslation } from '../../shared/i18n/use-translation';
import { userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';

/**
 * The balance in the header, with two decimals, linking to the charge page. It reads the user
 * info of the session, so it follows every reload of it (after a payment, for one).
 * E2E hook: `data-testid="header-balance"`, whose text is the balance alone ("220.00").
 */
export const HeaderBalance = ({
  chargePath,
  isCompact = false,
}: {
  chargePath: string;
  isCompact?: boolean;
}) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const user = useStore(userStore);
  if (!user) return null;
  const balance = formatAmount(user.balance);
  return (
    <Link
      to={chargePath}
      aria-label={t('layout.balance.label', { balance })}
      title={t('layout.balance.label', { balance })}
      data-testid="header-balance-link"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 6,
        paddingInline: 8,
        lineHeight: '32px',
        borderRadius: token.borderRadius,
        color: token.colorText,
        whiteSpace: 'nowrap',
      }}
    >
      <WalletOutlined style={{ color: token.colorPrimary }} />
      {isCompact ? null : <span style={{ color: token.colorTextSecondary }}>{t('layout.balance')}</span>}
      <strong data-testid="header-balance">{balance}</strong>
      <span style={{ color: token.colorTextSecondary, fontSize: 12 }}>PTC</span>
    </Link>
  );
};
