import { Flex, theme } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/use-translation';

/** Product mark and name; links to `to`. */
export const AppLogo = ({ to, isCompact = false }: { to: string; isCompact?: boolean }) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Link to={to} aria-label={t('app.name')} style={{ color: 'inherit' }}>
      <Flex align="center" gap={8}>
        <svg width={28} height={28} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
          <rect width="32" height="32" rx="6" fill={token.colorPrimary} />
          <path d="M9 23V9h7.5a4.5 4.5 0 0 1 0 9H13v5z" fill="#fff" />
        </svg>
        {!isCompact && (
          // A plain span rather than antd's Typography, which the sign-in page does without (issue #16).
          <span
            style={{
              fontSize: 16,
              fontWeight: token.fontWeightStrong,
              lineHeight: token.lineHeight,
              color: token.colorText,
              whiteSpace: 'nowrap',
            }}
          >
            {t('app.name')}
          </span>
        )}
      </Flex>
    </Link>
  );
};
