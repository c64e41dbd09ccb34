import { Button, Flex, Form, type FormInstance, Modal } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';

/** Props of {@link ModalForm}. */
export interface ModalFormProps<T> {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** Sends the form; a rejection keeps the dialog open (the API client already told why). */
  onSubmit: (values: T) => Promise<void>;
  submitText: string;
  isDanger?: boolean;
  children: ReactNode | ((form: FormInstance<T>) => ReactNode);
}

/** A dialog holding one form, with Cancel and a submit button (`data-testid="modal-submit"`). */
export const ModalForm = <T extends object>({
  open,
  title,
  onClose,
  onSubmit,
  submitText,
  isDanger = false,
  children,
}: ModalFormProps<T>) => {
  const { t } = useTranslation();
  const [form] = Form.useForm<T>();
  const [isSubmitting, setIsSubmitting] = useState(false);

  const onFinish = async (values: T) => {
    setIsSubmitting(true);
    try {
      await onSubmit(values);
    } catch {
      // Shown by the API client; the user may correct the form and try again.
    } finally {
      setIsSubmitting(false);
    }
  };

  return (
    <Modal open={open} title={title} onCancel={onClose} footer={null} destroyOnHidden maskClosable={false}>
      <Form<T> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} preserve={false}>
        {typeof children === 'function' ? children(form) : children}
        <Flex justify="end" gap={8}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button
            type="primary"
            danger={isDanger}
            htmlType="submit"
            loading={isSubmitting}
            data-testid="modal-submit"
          >
            {submitText}
          </Button>
        </Flex>
      </Form>
    </Modal>
  );
};
