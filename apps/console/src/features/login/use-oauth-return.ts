import { type ReactNode, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { takeKeptReturnPath } from '../../app/guard/sign-in-return';
import { useTranslation } from '../../shared/i18n/use-translation';
import { navigateTo } from '../../shared/navigation/navigation';
import { browserStorage } from '../../shared/storage/storage';
import { useFeedback } from '../../shared/ui/feedback';
import { readOAuthReturn, stripOAuthParams } from '../auth/oauth-return';
import { storeReferralFromSearch } from '../auth/referral';
import { signInWithOAuth } from '../auth/session-sign-in';
import { useSecondFactor } from '../two-factor/use-second-factor';

/** Codes already handed to the server: a code answers once, whatever re-renders happen. */
const handledCodes = new Set<string>();

/**
 * Finishes a sign-in the OAuth provider sent back to `/login?oauth=…&code=…&state=…`: the
 * parameters leave the address first (a reload cannot replay the code), then the server signs
 * in (with the stored referral code), asking for the second step when the account has two-factor
 * sign-in on and this browser is new to it. Answers whether that is under way, and the second
 * step's dialog to render (null unless asked for).
 */
export const useOAuthReturn = (): { isSigningIn: boolean; secondStep: ReactNode } => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const location = useLocation();
  const navigate = useNavigate();
  const [isSigningIn, setIsSigningIn] = useState(() => readOAuthReturn(location.search)?.code !== undefined);
  const secondFactor = useSecondFactor();
  const { complete } = secondFactor;

  useEffect(() => {
    const oauthReturn = readOAuthReturn(location.search);
    if (!oauthReturn) return;
    void navigate(
      { pathname: location.pathname, search: stripOAuthParams(location.search) },
      { replace: true },
    );
    if (oauthReturn.error !== undefined) {
      void message.error({ content: t('auth.oauth.failed'), key: 'oauth-return' });
      setIsSigningIn(false);
      return;
    }
    const { provider, code, state } = oauthReturn;
    if (handledCodes.has(`${provider}:${code}`)) return;
    handledCodes.add(`${provider}:${code}`);
    // The return address may carry `?ref=` too; it counts before one stored earlier.
    const ref = storeReferralFromSearch(location.search, browserStorage);
    signInWithOAuth(provider, { code, state, ...(ref ? { ref } : {}) }, complete)
      // Back to the address the visitor opened before signing in (kept across the provider's pages).
      .then(() => navigateTo(takeKeptReturnPath(), { replace: true }))
      .catch(() => setIsSigningIn(false));
  }, [location.pathname, location.search, navigate, message, t, complete]);

  return { isSigningIn, secondStep: secondFactor.element };
};
