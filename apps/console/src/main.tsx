import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { loadAntdStyles } from './app/antd-styles';
import { AppProviders } from './app/app-providers';
import { installGlobalErrorLogging } from './app/global-errors';
import { registerHttpEffects } from './app/http-effects';
import { createAppRouter } from './app/router';
import { localeReady } from './shared/i18n/i18n';
import './app/global.css';

installGlobalErrorLogging(window);
registerHttpEffects();
// The router starts loading the first page's chunks at once; the language's texts load meanwhile.
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

// Rendered once the texts and antd's precompiled styles are there. Not a top-level await: a
// language's chunk imports modules of this one (dayjs, for its locale), and waiting for it here
// would keep this chunk from ever finishing its evaluation, so that import would wait forever.
void Promise.all([localeReady, loadAntdStyles()]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
