import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * The frame of the public account pages: a card with the page's title as its heading. Drawn with
 * the theme's card tokens rather than antd's Card, whose tab-list support brings antd's tabs to
 * the sign-in page, the first screen of most visits (issue #16), and with a plain heading in
 * antd's heading style rather than antd's Typography, which the sign-in page does without.
 */
export const AuthCard = ({ title, children }: { title: ReactNode; children: ReactNode }) => {
  const { token } = theme.useToken();
  return (
    <section
      style={{
        maxWidth: 480,
        margin: '24px auto',
        width: '100%',
        boxSizing: 'border-box',
        padding: '24px 24px 16px',
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        color: token.colorText,
      }}
    >
      <h1
        style={{
          fontSize: 24,
          lineHeight: token.lineHeightHeading1,
          fontWeight: token.fontWeightStrong,
          color: token.colorTextHeading,
          textAlign: 'center',
          marginTop: 0,
          marginBottom: 16,
        }}
      >
        {title}
      </h1>
      {children}
    </section>
  );
};
