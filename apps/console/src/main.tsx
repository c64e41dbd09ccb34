import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
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
await localeReady;

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
