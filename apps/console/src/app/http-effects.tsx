import { Button, Flex } from 'antd';
import { logoutToLogin } from '../features/auth/logout';
import { WEBAPP_BASE_PATH } from '../routes.paths';
import { setHttpEffects } from '../shared/api/api';
import { i18n, translateIfExists } from '../shared/i18n/i18n';
import { navigateTo } from '../shared/navigation/navigation';
import { getFeedback } from '../shared/ui/feedback';
import { findRoute } from './navigation/route-tree';

let isTouristDialogOpen = false;
let isBindContactDialogOpen = false;

/** Path of a console page, in the native-app set when the user is inside it. */
const pagePath = (name: string): string => {
  const isWebapp = window.location.pathname.startsWith(WEBAPP_BASE_PATH);
  const route = findRoute(isWebapp ? `webapp${name.charAt(0).toUpperCase()}${name.slice(1)}` : name);
  return route?.fullPath ?? '/';
};

/**
 * Code 610: a dialog titled Warning offering Register or Log in (SPEC §8). Log in ends the
 * tourist session first (the guard sends signed-in users away from login); Register keeps it,
 * so the registration page can decide what becomes of the tourist account.
 */
const showTouristDialog = (): void => {
  if (isTouristDialogOpen) return;
  isTouristDialogOpen = true;
  const dialog = getFeedback().modal.warning({
    title: i18n.t('common.warning'),
    content: i18n.t('errors.TOURIST_USER'),
    closable: true,
    afterClose: () => {
      isTouristDialogOpen = false;
    },
    footer: (
      <Flex justify="end" gap={8} style={{ marginTop: 24 }}>
        <Button
          onClick={() => {
            dialog.destroy();
            void navigateTo(findRoute('register')?.fullPath ?? '/register');
          }}
        >
          {i18n.t('user.register')}
        </Button>
        <Button
          type="primary"
          onClick={() => {
            dialog.destroy();
            logoutToLogin();
          }}
        >
          {i18n.t('user.login')}
        </Button>
      </Flex>
    ),
  });
};

/** The client-side 403: a confirm dialog leading to the user center to bind a phone or email. */
const showBindContactDialog = (): void => {
  if (isBindContactDialogOpen) return;
  isBindContactDialogOpen = true;
  getFeedback().modal.confirm({
    title: i18n.t('user.bindContact.title'),
    content: i18n.t('errors.ERR_FORBIDDEN'),
    okText: i18n.t('user.bindContact.goToUserCenter'),
    onOk: () => navigateTo(pagePath('userCenter')),
    afterClose: () => {
      isBindContactDialogOpen = false;
    },
  });
};

/** Registers the user-facing side effects of the API client. */
export const registerHttpEffects = (): void =>
  setHttpEffects({
    toast: (text, durationMs) => {
      void getFeedback().message.error({ content: text, duration: durationMs / 1000, key: text });
    },
    showTouristDialog,
    showBindContactDialog,
    logoutToLogin,
    translate: translateIfExists,
  });
