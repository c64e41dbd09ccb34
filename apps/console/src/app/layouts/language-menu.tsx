import { CheckOutlined } from '@ant-design/icons';
import { LOCALES, type Locale } from '@ptc/contracts';
import { Button, Flex, Popover } from 'antd';
import type { ReactElement } from 'react';
import { LOCALE_NAMES } from '../../shared/i18n/i18n';

export interface LanguageMenuProps {
  /** The switch's button, which opens and closes the menu. */
  children: ReactElement;
  label: string;
  locale: Locale;
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  onChoose: (locale: Locale) => void;
}

/**
 * The language switch's menu (`language-switch.tsx`), loaded when the switch is first pointed at,
 * focused or pressed: a popover of three buttons.
 */
export const LanguageMenu = ({
  children,
  label,
  locale,
  isOpen,
  onOpenChange,
  onChoose,
}: LanguageMenuProps) => (
  <Popover
    trigger="click"
    placement="bottomRight"
    open={isOpen}
    onOpenChange={onOpenChange}
    content={
      <Flex vertical role="menu" aria-label={label} style={{ minWidth: 140 }}>
        {LOCALES.map((option) => (
          <Button
            key={option}
            type="text"
            role="menuitemradio"
            aria-checked={option === locale}
            icon={
              option === locale ? <CheckOutlined /> : <span style={{ display: 'inline-block', width: 14 }} />
            }
            onClick={() => onChoose(option)}
            style={{ justifyContent: 'flex-start' }}
          >
            <span data-testid={`language-option-${option}`} lang={option}>
              {LOCALE_NAMES[option]}
            </span>
          </Button>
        ))}
      </Flex>
    }
    arrow={false}
    styles={{ container: { padding: 4 } }}
  >
    {children}
  </Popover>
);
