import { Card, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The frame of the public account pages: a card with the page's title as its heading. */
export const AuthCard = ({ title, children }: { title: ReactNode; children: ReactNode }) => (
  <Card
    style={{ maxWidth: 480, margin: '24px auto', width: '100%' }}
    styles={{ body: { padding: '24px 24px 16px' } }}
  >
    <Typography.Title level={1} style={{ fontSize: 24, textAlign: 'center', marginTop: 0, marginBottom: 16 }}>
      {title}
    </Typography.Title>
    {children}
  </Card>
);
