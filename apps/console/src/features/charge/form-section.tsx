import { Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** One titled part of the top-up form, with an optional note beside the title. */
export const FormSection = ({
  title,
  extra,
  children,
}: {
  title: string;
  extra?: ReactNode;
  children: ReactNode;
}) => (
  <Flex vertical gap={10}>
    <Flex justify="space-between" align="baseline" gap={8} wrap>
      <Typography.Text strong>{title}</Typography.Text>
      {extra}
    </Flex>
    {children}
  </Flex>
);
