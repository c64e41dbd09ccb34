import {
  ADMIN_OPERATOR_ROLES,
  type AdminOperatorCreated,
  type AdminOperatorRole,
  OPERATOR_NAME_MAX_LENGTH,
} from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { operatorErrorText } from '../operator-errors';
import { addOperator, OPERATORS_QUERY_KEY } from './operators.api';

/** The add form as typed. */
interface NewOperatorValues {
  email: string;
  name?: string;
  role: AdminOperatorRole;
}

/**
 * Adds an operator (owner): email, an optional name and a role. The server answers a random
 * password, which `onAdded` shows once; TOTP is set up at the operator's first sign-in.
 */
export const AddOperatorDialog = ({
  onClose,
  onAdded,
}: {
  onClose: () => void;
  onAdded: (created: AdminOperatorCreated) => void;
}) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewOperatorValues>();
  const add = useMutation({
    mutationFn: (values: NewOperatorValues) =>
      addOperator({
        email: values.email,
        role: values.role,
        ...(values.name?.trim() ? { name: values.name.trim() } : {}),
      }),
    onSuccess: (created) => {
      void queryClient.invalidateQueries({ queryKey: OPERATORS_QUERY_KEY });
      onAdded(created);
    },
  });

  return (
    <Modal
      open
      title={t('admin.operators.addTitle')}
      okText={t('admin.operators.addSubmit')}
      okButtonProps={{ loading: add.isPending, 'data-testid': 'admin-operator-add-submit' }}
      cancelText={t('admin.operators.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!add.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="admin-operator-add-dialog"
    >
      <Form<NewOperatorValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ role: 'support' }}
        onFinish={(values) => {
          // Enter in a field submits again while the first answer is still out.
          if (!add.isPending) add.mutate(values);
        }}
      >
        <Form.Item
          name="email"
          label={t('admin.operators.email')}
          // A pasted address often brings spaces along; they are never part of it.
          normalize={(value: string) => value.trim()}
          rules={[
            { required: true, type: 'email', whitespace: true, message: t('admin.operators.emailInvalid') },
          ]}
        >
          <Input maxLength={254} autoComplete="off" data-testid="admin-operator-add-email" />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('admin.operators.name')}
          extra={t('admin.operators.nameHint')}
          rules={[
            {
              max: OPERATOR_NAME_MAX_LENGTH,
              message: t('admin.operators.nameTooLong', { max: OPERATOR_NAME_MAX_LENGTH }),
            },
          ]}
        >
          <Input autoComplete="off" data-testid="admin-operator-add-name" />
        </Form.Item>
        <Form.Item
          name="role"
          label={t('admin.operators.role')}
          rules={[{ required: true, message: t('admin.operators.roleRequired') }]}
        >
          <Select
            options={ADMIN_OPERATOR_ROLES.map((role) => ({ value: role, label: t(`admin.role.${role}`) }))}
            style={{ maxWidth: 240 }}
            data-testid="admin-operator-add-role"
          />
        </Form.Item>
      </Form>
      {add.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="admin-operator-add-error"
          title={t('admin.operators.failed')}
          description={operatorErrorText(add.error, t)}
        />
      ) : null}
    </Modal>
  );
};
