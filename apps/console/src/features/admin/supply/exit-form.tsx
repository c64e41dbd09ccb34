import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { type AdminExit, EXIT_KINDS, EXIT_TYPES } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Flex, Form, Input, InputNumber, Radio, Typography } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { operatorErrorText } from '../operator-errors';
import { addExits, editExit } from './supply.api';
import {
  type ExitChangesValues,
  type NewExitsValues,
  refusalDetail,
  replaceCachedExit,
  SUPPLY_KEYS,
  TEMPLATE_EXAMPLE,
  TEMPLATE_PLACEHOLDERS,
  toExitChanges,
  toNewExits,
} from './supply-display';

const LINES = [1, 2, 3, 4] as const;
const COUNTRY_CODE = /^[A-Za-z]{2}$/;

/** The placeholders of credential templates, what each is filled with, and an example. */
const TemplateHelp = () => {
  const { t } = useTranslation();
  return (
    <div data-testid="admin-exit-template-help">
      <div>{t('admin.supply.form.templateHelp')}</div>
      <ul style={{ margin: '4px 0', paddingInlineStart: 20 }}>
        {TEMPLATE_PLACEHOLDERS.map((name) => (
          <li key={name}>
            <Typography.Text code>{`{${name}}`}</Typography.Text> {t(`admin.supply.placeholder.${name}`)}
          </li>
        ))}
      </ul>
      <div>
        {t('admin.supply.form.templateExample')} <Typography.Text code>{TEMPLATE_EXAMPLE}</Typography.Text>
      </div>
    </div>
  );
};

/** Country code, optional state code and optional city of one area, on one line. */
const AreaFields = ({ path, testId }: { path: (string | number)[]; testId: string }) => {
  const { t } = useTranslation();
  return (
    <Flex gap={8} wrap style={{ flex: 1, minWidth: 0 }}>
      <Form.Item
        name={[...path, 'country']}
        style={{ marginBottom: 8, width: 110 }}
        rules={[{ required: true, pattern: COUNTRY_CODE, message: t('admin.supply.form.countryRequired') }]}
      >
        <Input
          maxLength={2}
          placeholder={t('admin.supply.country')}
          aria-label={t('admin.supply.country')}
          data-testid={`${testId}-country`}
        />
      </Form.Item>
      <Form.Item name={[...path, 'state']} style={{ marginBottom: 8, width: 130 }}>
        <Input
          maxLength={16}
          placeholder={t('admin.supply.form.stateCode')}
          aria-label={t('admin.supply.form.stateCode')}
          data-testid={`${testId}-state`}
        />
      </Form.Item>
      <Form.Item name={[...path, 'city']} style={{ marginBottom: 8, flex: '1 1 160px', minWidth: 0 }}>
        <Input
          maxLength={80}
          placeholder={t('admin.supply.form.city')}
          aria-label={t('admin.supply.form.city')}
          data-testid={`${testId}-city`}
        />
      </Form.Item>
    </Flex>
  );
};

/** Host, port, account and the credential templates of an upstream exit. */
const UpstreamFields = ({ hasPassword }: { hasPassword: boolean }) => {
  const { t } = useTranslation();
  return (
    <>
      <Flex gap={12} wrap>
        <Form.Item
          name="host"
          label={t('admin.supply.form.host')}
          style={{ flex: '1 1 220px', minWidth: 0 }}
          rules={[{ required: true, whitespace: true, message: t('admin.supply.form.hostRequired') }]}
        >
          <Input maxLength={253} placeholder="gate.provider.example" data-testid="admin-exit-host" />
        </Form.Item>
        <Form.Item
          name="port"
          label={t('admin.supply.form.port')}
          style={{ width: 140 }}
          rules={[{ required: true, message: t('admin.supply.form.portRequired') }]}
        >
          <InputNumber
            min={1}
            max={65_535}
            precision={0}
            style={{ width: '100%' }}
            data-testid="admin-exit-port"
          />
        </Form.Item>
      </Flex>
      <Form.Item
        name="account"
        label={t('admin.supply.form.account')}
        extra={t('admin.supply.form.accountHint')}
      >
        <Input maxLength={200} autoComplete="off" data-testid="admin-exit-account" />
      </Form.Item>
      <Form.Item
        name="username_template"
        label={t('admin.supply.form.usernameTemplate')}
        extra={<TemplateHelp />}
      >
        <Input
          maxLength={500}
          autoComplete="off"
          placeholder={TEMPLATE_EXAMPLE}
          data-testid="admin-exit-username"
        />
      </Form.Item>
      <Form.Item
        name="password_template"
        label={t('admin.supply.form.passwordTemplate')}
        extra={hasPassword ? t('admin.supply.form.passwordKept') : t('admin.supply.form.passwordHint')}
        dependencies={['username_template']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (value && !String(getFieldValue('username_template') ?? '').trim())
                throw new Error(t('admin.supply.form.passwordNeedsUsername'));
            },
          }),
        ]}
      >
        <Input.Password
          maxLength={500}
          autoComplete="new-password"
          placeholder={hasPassword ? t('admin.supply.form.passwordSet') : ''}
          data-testid="admin-exit-password"
        />
      </Form.Item>
    </>
  );
};

/** The success or refusal of the form's last submit. */
const FormResult = ({
  success,
  error,
  failedKey,
  testId,
}: {
  success: string | null;
  error: unknown;
  failedKey: string;
  testId: string;
}) => {
  const { t } = useTranslation();
  if (success) {
    return <Alert style={{ marginTop: 16 }} type="success" showIcon title={success} data-testid={testId} />;
  }
  if (!error) return null;
  const detail = refusalDetail(error);
  return (
    <Alert
      style={{ marginTop: 16 }}
      type="error"
      showIcon
      title={t(failedKey)}
      description={
        <>
          <div>{operatorErrorText(error, t)}</div>
          {detail ? <Typography.Text type="secondary">{detail}</Typography.Text> : null}
        </>
      }
      data-testid={testId}
    />
  );
};

/** Kind, type and the optional label and IP, shared by both forms. */
const KindField = () => {
  const { t } = useTranslation();
  return (
    <Form.Item name="kind" label={t('admin.supply.kind')} extra={t('admin.supply.form.kindHint')}>
      <Radio.Group
        optionType="button"
        options={EXIT_KINDS.map((kind) => ({ value: kind, label: t(`admin.supply.kind.${kind}`) }))}
        data-testid="admin-exit-kind"
      />
    </Form.Item>
  );
};

const TypeField = () => {
  const { t } = useTranslation();
  return (
    <Form.Item name="type" label={t('admin.supply.type')}>
      <Radio.Group
        optionType="button"
        options={EXIT_TYPES.map((type) => ({ value: type, label: t(`admin.supply.type.${type}`) }))}
        data-testid="admin-exit-type"
      />
    </Form.Item>
  );
};

const LabelAndIpFields = ({ isIpRequired }: { isIpRequired: boolean }) => {
  const { t } = useTranslation();
  return (
    <Flex gap={12} wrap>
      <Form.Item
        name="label"
        label={t('admin.supply.form.label')}
        extra={t('admin.supply.form.labelHint')}
        style={{ flex: '1 1 240px', minWidth: 0 }}
      >
        <Input maxLength={200} data-testid="admin-exit-label" />
      </Form.Item>
      <Form.Item
        name="ip"
        label={t('admin.supply.form.ip')}
        extra={t('admin.supply.form.ipHint')}
        style={{ flex: '1 1 200px', minWidth: 0 }}
        rules={
          isIpRequired
            ? [{ required: true, whitespace: true, message: t('admin.supply.form.ipRequired') }]
            : []
        }
      >
        <Input maxLength={45} data-testid="admin-exit-ip" />
      </Form.Item>
    </Flex>
  );
};

/**
 * Adds rotating supply (owner): direct, or an upstream HTTP/SOCKS5 provider with credential
 * templates; one exit per area served and line.
 */
export const AddExitsForm = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<NewExitsValues>();
  const kind = Form.useWatch('kind', form) ?? 'socks5';
  const add = useMutation({
    mutationFn: (values: NewExitsValues) => addExits(toNewExits(values)),
    onSuccess: (answer) => {
      void message.success(t('admin.supply.add.done', { count: answer.records.length }));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.exits });
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.overview });
    },
  });

  return (
    <Form<NewExitsValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      style={{ maxWidth: 760 }}
      initialValues={{ kind: 'socks5', type: 'residential', lines: [1], areas: [{}] }}
      onValuesChange={() => {
        if (add.isSuccess || add.isError) add.reset();
      }}
      onFinish={(values) => add.mutate(values)}
      data-testid="admin-exit-add-form"
    >
      <KindField />
      {kind === 'direct' ? null : <UpstreamFields hasPassword={false} />}
      <TypeField />
      <Form.Item
        name="lines"
        label={t('admin.supply.form.lines')}
        extra={t('admin.supply.form.linesHint')}
        rules={[{ required: true, type: 'array', min: 1, message: t('admin.supply.form.linesRequired') }]}
      >
        <Checkbox.Group
          options={LINES.map((line) => ({ value: line, label: t('admin.supply.lineNumber', { line }) }))}
          data-testid="admin-exit-lines"
        />
      </Form.Item>
      <Form.Item label={t('admin.supply.form.areas')} extra={t('admin.supply.form.areasHint')} required>
        <Form.List name="areas">
          {(fields, { add: addArea, remove }) => (
            <>
              {fields.map((field, index) => (
                <Flex key={field.key} gap={8} align="start">
                  <AreaFields path={[field.name]} testId={`admin-exit-area-${index}`} />
                  <Button
                    icon={<DeleteOutlined />}
                    disabled={fields.length === 1}
                    onClick={() => remove(field.name)}
                    aria-label={t('admin.supply.form.removeArea')}
                    data-testid={`admin-exit-area-${index}-remove`}
                  />
                </Flex>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => addArea({})}
                disabled={fields.length >= 300}
                data-testid="admin-exit-area-add"
              >
                {t('admin.supply.form.addArea')}
              </Button>
            </>
          )}
        </Form.List>
      </Form.Item>
      <LabelAndIpFields isIpRequired={false} />
      <Button type="primary" htmlType="submit" loading={add.isPending} data-testid="admin-exit-add-submit">
        {t('admin.supply.add.submit')}
      </Button>
      <FormResult
        success={add.isSuccess ? t('admin.supply.add.done', { count: add.data.records.length }) : null}
        error={add.error}
        failedKey="admin.supply.add.failed"
        testId="admin-exit-add-result"
      />
    </Form>
  );
};

/** The edit form's starting values: the exit as it is (the password is never read back). */
const valuesOf = (exit: AdminExit): ExitChangesValues => ({
  kind: exit.kind,
  host: exit.host ?? '',
  port: exit.port,
  account: exit.account ?? '',
  username_template: exit.username_template ?? '',
  password_template: '',
  type: exit.type,
  line: exit.line,
  area: { country: exit.country, state: exit.state ?? '', city: exit.city ?? '' },
  label: exit.label ?? '',
  ip: exit.ip ?? '',
});

/** Edits one exit (owner): sends only what changed, the password template only when typed anew. */
export const EditExitForm = ({ exit, onSaved }: { exit: AdminExit; onSaved: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<ExitChangesValues>();
  const kind = Form.useWatch('kind', form) ?? exit.kind;
  const edit = useMutation({
    mutationFn: (values: ExitChangesValues) => editExit(exit.id, toExitChanges(exit, values)),
    onSuccess: (updated) => {
      replaceCachedExit(queryClient, updated);
      void message.success(t('admin.supply.edit.done', { id: updated.id }));
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.exits });
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.overview });
      onSaved();
    },
  });
  const submit = (values: ExitChangesValues) => {
    if (Object.keys(toExitChanges(exit, values)).length === 0) {
      void message.info(t('admin.supply.edit.unchanged'));
      return;
    }
    edit.mutate(values);
  };

  return (
    <Form<ExitChangesValues>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={valuesOf(exit)}
      onFinish={submit}
      data-testid="admin-exit-edit-form"
    >
      <KindField />
      {kind === 'direct' ? null : (
        <UpstreamFields hasPassword={exit.has_password && exit.kind !== 'direct'} />
      )}
      <TypeField />
      <Form.Item name="line" label={t('admin.supply.line')}>
        <Radio.Group
          optionType="button"
          options={LINES.map((line) => ({ value: line, label: String(line) }))}
          data-testid="admin-exit-line"
        />
      </Form.Item>
      <Form.Item label={t('admin.supply.place')} required>
        <AreaFields path={['area']} testId="admin-exit-area" />
      </Form.Item>
      <LabelAndIpFields isIpRequired={exit.is_static} />
      <Button type="primary" htmlType="submit" loading={edit.isPending} data-testid="admin-exit-edit-submit">
        {t('admin.supply.edit.submit')}
      </Button>
      <FormResult
        success={null}
        error={edit.error}
        failedKey="admin.supply.edit.failed"
        testId="admin-exit-edit-result"
      />
    </Form>
  );
};
