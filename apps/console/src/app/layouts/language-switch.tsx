import { GlobalOutlined } from '@ant-design/icons';
import { LOCALES } from '@ptc/contracts';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, getLocale, LOCALE_NAMES } from '../../shared/i18n/i18n';

/**
 * The language switch of every header. E2E hooks: the button is `data-testid="language-switch"`;
 * each option is a menu item named by the language's own name (`Русский`), with
 * `data-testid="language-option-<locale>"`.
 */
export const LanguageSwitch = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = getLocale();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [locale],
        items: LOCALES.map((option) => ({
          key: option,
          label: (
            <span data-testid={`language-option-${option}`} lang={option}>
              {LOCALE_NAMES[option]}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          const next = LOCALES.find((option) => option === key);
          if (next && next !== i18n.language) void changeLocale(next);
        },
      }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('layout.language')}
        data-testid="language-switch"
      >
        {isCompact ? null : LOCALE_NAMES[locale]}
      </Button>
    </Dropdown>
  );
};
