import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/app-providers';
import { installGlobalErrorLogging } from './app/global-errors';
import { registerHttpEffects } from './app/http-effects';
import { createAppRouter } from './app/router';
import './app/global.css';

installGlobalErrorLogging(window);
registerHttpEffects();
const router = createAppRouter();

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
