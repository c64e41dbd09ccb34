import { GlobalOutlined } from '@ant-design/icons';
import type { Locale } from '@ptc/contracts';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, getLocale, LOCALE_NAMES } from '../../shared/i18n/i18n';
import type { LanguageMenu as LanguageMenuType } from './language-menu';

type Menu = typeof LanguageMenuType;

/** The menu once loaded: every switch after the first renders it at once. */
let loadedMenu: Menu | null = null;
let menuImport: Promise<typeof import('./language-menu')> | null = null;
const importMenu = () => {
  menuImport ??= import('./language-menu');
  return menuImport;
};

/**
 * The language switch of every header. E2E hooks: the button is `data-testid="language-switch"`;
 * each option is a menu item named by the language's own name (`Русский`), with
 * `data-testid="language-option-<locale>"`. A popover of three buttons rather than antd's
 * Dropdown: the menu component it brings weighed 20 KB gzip on the sign-in page (issue #16); and
 * the popover (with its icons) loads when the button is first pointed at, focused or pressed, as the
 * first screen only shows the button.
 */
export const LanguageSwitch = ({ isCompact = false }: { isCompact?: boolean }) => {
  const { t, i18n } = useTranslation();
  const locale = getLocale();
  const [isOpen, setIsOpen] = useState(false);
  const [LanguageMenu, setLanguageMenu] = useState<Menu | null>(() => loadedMenu);
  const buttonRef = useRef<HTMLButtonElement>(null);
  /** Whether the button had the focus when the menu arrived (it is drawn anew inside the popover). */
  const hadFocus = useRef(false);

  /** Fetches the menu's code (on pointing or focus), without drawing it yet. */
  const prefetchMenu = () => {
    void importMenu();
  };

  /** Opens the menu, drawing it as soon as its code is there (the first press). */
  const openMenu = () => {
    setIsOpen(true);
    void importMenu().then((module) => {
      loadedMenu = module.LanguageMenu;
      hadFocus.current = document.activeElement === buttonRef.current;
      setLanguageMenu(() => module.LanguageMenu);
    });
  };

  useEffect(() => {
    if (LanguageMenu && hadFocus.current) buttonRef.current?.focus();
  }, [LanguageMenu]);

  const choose = (next: Locale) => {
    setIsOpen(false);
    if (next !== i18n.language) void changeLocale(next);
  };

  const button = (
    <Button
      ref={buttonRef}
      type="text"
      icon={<GlobalOutlined />}
      aria-label={t('layout.language')}
      aria-haspopup="menu"
      aria-expanded={isOpen}
      data-testid="language-switch"
      // Until the popover is there, a press opens it as soon as it is; then the popover toggles it.
      // (Drawn inside the popover only after a press: a swap while pressed would lose the click.)
      onPointerEnter={LanguageMenu ? undefined : prefetchMenu}
      onFocus={LanguageMenu ? undefined : prefetchMenu}
      onClick={LanguageMenu ? undefined : openMenu}
    >
      {isCompact ? null : LOCALE_NAMES[locale]}
    </Button>
  );

  if (!LanguageMenu) return button;
  return (
    <LanguageMenu
      label={t('layout.language')}
      locale={locale}
      isOpen={isOpen}
      onOpenChange={setIsOpen}
      onChoose={choose}
    >
      {button}
    </LanguageMenu>
  );
};
