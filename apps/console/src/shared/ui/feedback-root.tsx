import { theme } from 'antd';
import { lazy, type ReactNode, Suspense, useContext, useEffect, useState } from 'react';
import { onFeedbackRequested } from './feedback';

const FeedbackHolders = lazy(() => import('./feedback-holders'));

/**
 * What antd's `App` was to the console, without its toasts and dialogs in the first screen's
 * code: the `ant-app` element (text colour, font and the theme's CSS variables for everything
 * inside) and, from the first toast or dialog on, antd's holders for them (`feedback.ts`).
 */
export const FeedbackRoot = ({ children }: { children: ReactNode }) => {
  const { hashId } = theme.useToken();
  const cssVarKey = useContext(theme._internalContext).cssVar?.key ?? 'css-var-root';
  const [isWanted, setIsWanted] = useState(false);
  useEffect(() => onFeedbackRequested(() => setIsWanted(true)), []);
  const className = [hashId, 'ant-app', cssVarKey].filter(Boolean).join(' ');
  return (
    <div className={className}>
      {isWanted && (
        <Suspense fallback={null}>
          <FeedbackHolders />
        </Suspense>
      )}
      {children}
    </div>
  );
};
