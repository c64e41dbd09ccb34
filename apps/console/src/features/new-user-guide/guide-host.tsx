import { lazy, Suspense, useEffect, useState } from 'react';
import { loadAntdStyles } from '../../app/antd-styles';
import { isTouristSession, userStore } from '../../shared/session/session';
import { useStore } from '../../shared/store/create-store';
import {
  closeNewUserGuide,
  guideOpenStore,
  markGuideSeen,
  openNewUserGuide,
  shouldOpenGuide,
  wasSignedInOnThisPage,
} from './guide-trigger';
import { endNewUserTime } from './new-user.api';

// The dialog, its texts and the rest of antd's styles load on the first opening only: the
// overview's first screen carries this host and nothing more of the guide (issue #16).
const GuideDialog = lazy(() =>
  Promise.all([import('./new-user-guide-dialog'), loadAntdStyles('all')]).then(([module]) => ({
    default: module.NewUserGuideDialog,
  })),
);

/** Closes the guide, finished or dismissed: the customer is not new any more (`new-user.api.ts`). */
const closeGuide = () => {
  closeNewUserGuide();
  void endNewUserTime();
};

/**
 * Mounted by the console's layout: opens the new-user guide by itself after a new customer's
 * sign-in (`shouldOpenGuide`), remembers per customer that it was shown, and renders the dialog
 * whenever it is open (the help menu and the overview open it with `openNewUserGuide`).
 */
export const NewUserGuideHost = () => {
  const user = useStore(userStore);
  const isOpen = useStore(guideOpenStore);
  /** The dialog stays mounted once loaded, so that it closes with its animation. */
  const [hasOpened, setHasOpened] = useState(false);

  useEffect(() => {
    if (
      user &&
      shouldOpenGuide(user, { signedInHere: wasSignedInOnThisPage(), isTourist: isTouristSession(user) })
    ) {
      markGuideSeen(user.uid);
      openNewUserGuide();
    }
  }, [user]);

  useEffect(() => {
    if (isOpen) setHasOpened(true);
  }, [isOpen]);

  if (!hasOpened && !isOpen) return null;
  return (
    <Suspense fallback={null}>
      <GuideDialog open={isOpen} onClose={closeGuide} />
    </Suspense>
  );
};
