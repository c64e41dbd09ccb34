import type { ProxyRow } from '@ptc/contracts';
import { Button, Flex, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { setRemark } from './proxy-list.api';

/** The longest remark the server keeps (`REMARK_MAX_LENGTH` of the proxies module). */
const REMARK_MAX_LENGTH = 200;

const RemarkForm = ({ proxy, onClose, onSaved }: RemarkDialogProps & { proxy: ProxyRow }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const [isSaving, setIsSaving] = useState(false);
  const save = async ({ remark }: { remark: string }) => {
    setIsSaving(true);
    try {
      onSaved(await setRemark(proxy.id, remark ?? ''));
      void message.success(t('proxies.remark.saved'));
      onClose();
    } catch {
      // Shown by the API client; the text stays for another try.
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Form
      layout="vertical"
      initialValues={{ remark: proxy.remark ?? '' }}
      onFinish={save}
      requiredMark={false}
    >
      <Form.Item name="remark" label={t('proxies.column.remark')} extra={t('proxies.remark.hint')}>
        <Input.TextArea
          autoFocus
          maxLength={REMARK_MAX_LENGTH}
          showCount
          autoSize={{ minRows: 2, maxRows: 6 }}
          data-testid="proxy-remark-input"
        />
      </Form.Item>
      <Flex justify="end" gap={8}>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={isSaving} data-testid="proxy-remark-save">
          {t('common.save')}
        </Button>
      </Flex>
    </Form>
  );
};

/** Props of {@link RemarkDialog}. */
export interface RemarkDialogProps {
  proxy: ProxyRow | null;
  onClose: () => void;
  /** The proxy as the server answered it after the change. */
  onSaved: (row: ProxyRow) => void;
}

/** Edits a proxy's remark; an empty remark clears it. */
export const RemarkDialog = ({ proxy, onClose, onSaved }: RemarkDialogProps) => {
  const { t } = useTranslation();
  return (
    <Modal
      open={proxy !== null}
      title={t('proxies.remark.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      {proxy ? <RemarkForm proxy={proxy} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
};
