import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadAntdStyles, loadAntdStylesFor } from './app/antd-styles';
import { AppProviders } from './app/app-providers';
import { installGlobalErrorLogging } from './app/global-errors';
import { registerHttpEffects } from './app/http-effects';
import { createAppRouter } from './app/router';
import { prefetchCaptcha } from './features/auth/captcha-prefetch';
import { prefetchOverview } from './features/overview/overview-prefetch';
import { LOGIN_PATH } from './routes.paths';
import { localeReady } from './shared/i18n/i18n';
import './app/global.css';

installGlobalErrorLogging(window);
const isSignInPage = window.location.pathname === LOGIN_PATH;
registerHttpEffects();
// The sign-in page's captcha image is asked for now, while the page's code is still on its way
// (in a task of its own: the request's first time-zone lookup is costly on a phone).
if (isSignInPage) setTimeout(() => prefetchCaptcha(), 0);
// The overview's balance, proxy counts and traffic are asked for now, beside the page's code.
prefetchOverview(window.location.pathname);
// The router starts loading the first page's chunks at once; the language's texts load meanwhile.
const router = createAppRouter(loadAntdStylesFor);

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Rendered once the texts and antd's precompiled styles are there. Not a top-level await: a
// language's chunk imports modules of this one (dayjs, for its locale), and waiting for it here
// would keep this chunk from ever finishing its evaluation, so that import would wait forever.
//
// The first render is a transition: React renders the first screen in slices of a few
// milliseconds, yielding to the browser between them, instead of one long task that blocks the
// main thread (Lighthouse's TBT), and the HTML's shell stays on screen until the screen is ready.
void Promise.all([localeReady, loadAntdStyles(isSignInPage ? 'first-screen' : 'all')]).then(() => {
  const root = createRoot(container);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AppProviders>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    ),
  );
});
