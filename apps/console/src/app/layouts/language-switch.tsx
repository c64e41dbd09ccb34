import { CheckOutlined, GlobalOutlined } from '@ant-design/icons';
import { LOCALES } from '@ptc/contracts';
import { Button, Flex, Popover } from 'antd';
import { useState } from 'react';
import { changeLocale, getLocale, LOCALE_NAMES } from '../../shared/i18n/i18n';
import { useTranslation } from '../../shared/i18n/use-translation';

/**
 * The language switch of every header. E2E hooks: the button is `data-testid="language-switch"`;
 * each option is a menu item named by the language's own name (`Русский`), with
 * `data-testid="language-option-<locale>"`. A popover of three buttons rather than antd's
 * Dropdown: the menu component it brings weighed 20 KB gzip on the sign-in page (issue #16).
 */
export const LanguageSwitch = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = getLocale();
  const [isOpen, setIsOpen] = useState(false);

  const choose = (next: (typeof LOCALES)[number]) => {
    setIsOpen(false);
    if (next !== i18n.language) void changeLocale(next);
  };

  const options = (
    <Flex vertical role="menu" aria-label={t('layout.language')} style={{ minWidth: 140 }}>
      {LOCALES.map((option) => (
        <Button
          key={option}
          type="text"
          role="menuitemradio"
          aria-checked={option === locale}
          icon={
            option === locale ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />
          }
          onClick={() => choose(option)}
          style={{ justifyContent: 'flex-start' }}
        >
          <span data-testid={`language-option-${option}`} lang={option}>
            {LOCALE_NAMES[option]}
          </span>
        </Button>
      ))}
    </Flex>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      open={isOpen}
      onOpenChange={setIsOpen}
      content={options}
      arrow={false}
      styles={{ container: { padding: 4 } }}
    >
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('layout.language')}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid="language-switch"
      >
        {isCompact ? null : LOCALE_NAMES[locale]}
      </Button>
    </Popover>
  );
};
