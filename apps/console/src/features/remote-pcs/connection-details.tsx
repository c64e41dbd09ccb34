import { CopyOutlined, EyeInvisibleOutlined, EyeOutlined } from '@ant-design/icons';
import type { Vm } from '@ptc/contracts';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { copyToClipboard } from '../../shared/ui/clipboard';
import { useFeedback } from '../../shared/ui/feedback';

const MASK = '••••••••';

/** A copy button for `value`; says 'copied', or how to copy by hand without a clipboard. */
const CopyButton = ({ value, label, testId }: { value: string; label: string; testId: string }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const copy = async () => {
    if ((await copyToClipboard(value)) === 'copied') void message.success(t('remotePc.copied'));
    else void message.warning(t('remotePc.copyFailed'));
  };
  return (
    <Tooltip title={`${t('remotePc.copy')}: ${label}`}>
      <Button
        size="small"
        type="text"
        icon={<CopyOutlined />}
        aria-label={`${t('remotePc.copy')}: ${label}`}
        onClick={() => void copy()}
        data-testid={testId}
      />
    </Tooltip>
  );
};

/** One labelled value with its copy button. */
const Line = ({
  label,
  value,
  shown,
  testId,
  extra,
}: {
  label: string;
  value: string;
  /** What is shown in place of the value (the password's mask). */
  shown?: string;
  testId: string;
  extra?: ReactNode;
}) => (
  <Flex align="center" gap={4} wrap={false} style={{ minWidth: 0 }}>
    <Typography.Text type="secondary" style={{ flex: 'none' }}>
      {label}:
    </Typography.Text>
    <Typography.Text code style={{ wordBreak: 'break-all', minWidth: 0 }} data-testid={testId}>
      {shown ?? value}
    </Typography.Text>
    {extra}
    <CopyButton value={value} label={label} testId={`${testId}-copy`} />
  </Flex>
);

/**
 * The PC's connection details (SPEC §3: IP, user name, password), each with a copy button; the
 * password stays masked until revealed. Before the PC has them: "not assigned yet".
 */
export const ConnectionDetails = ({ vm }: { vm: Vm }) => {
  const { t } = useTranslation();
  const [isRevealed, setIsRevealed] = useState(false);
  if (!vm.ip && !vm.username && !vm.password) {
    return <Typography.Text type="secondary">{t('remotePc.notAssigned')}</Typography.Text>;
  }
  const testId = (name: string) => `vm-${name}-${vm.id}`;
  return (
    <Flex vertical gap={2} style={{ minWidth: 0 }}>
      {vm.ip ? <Line label={t('remotePc.ip')} value={vm.ip} testId={testId('ip')} /> : null}
      {vm.username ? (
        <Line label={t('remotePc.username')} value={vm.username} testId={testId('username')} />
      ) : null}
      {vm.password ? (
        <Line
          label={t('remotePc.password')}
          value={vm.password}
          shown={isRevealed ? vm.password : MASK}
          testId={testId('password')}
          extra={
            <Tooltip title={t(isRevealed ? 'remotePc.password.hide' : 'remotePc.password.show')}>
              <Button
                size="small"
                type="text"
                icon={isRevealed ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                aria-label={t(isRevealed ? 'remotePc.password.hide' : 'remotePc.password.show')}
                aria-pressed={isRevealed}
                onClick={() => setIsRevealed((shown) => !shown)}
                data-testid={`${testId('password')}-reveal`}
              />
            </Tooltip>
          }
        />
      ) : null}
    </Flex>
  );
};
