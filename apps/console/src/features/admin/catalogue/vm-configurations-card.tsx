import { type AdminVmConfiguration, VM_CONF_LIMITS } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Input,
  Modal,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { confName } from '../../remote-pcs/vm-rules';
import { operatorErrorText } from '../operator-errors';
import { CATALOGUE_QUERY_KEYS, editVmConfiguration, getVmCatalogue } from './catalogue.api';
import { isAmountWithin, PRICE_PATTERN, plainAmount } from './catalogue-display';

/** The configuration form as typed: every field text, so nothing is rounded on the way. */
interface VmConfigurationValues {
  pricePerDay: string;
  price30Days: string;
  cpu: string;
  memoryMb: string;
  active: boolean;
}

const WHOLE = /^\d{1,7}$/;

/** A rule refusing text that is not a whole number from `min` to `max`. */
const wholeRule = (min: number, max: number, message: string) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    const text = value?.trim() ?? '';
    const number = WHOLE.test(text) ? Number.parseInt(text, 10) : Number.NaN;
    if (!(number >= min && number <= max)) throw new Error(message);
  },
});

/** A rule refusing a price that is not above 0 and at most `max` micro-PTC with 6 decimals. */
const priceRule = (max: bigint, message: string) => ({
  validator: async (_rule: unknown, value: string | undefined) => {
    if (!isAmountWithin(value?.trim() ?? '', PRICE_PATTERN, 1n, max)) throw new Error(message);
  },
});

/** Edits one configuration's prices, limits and offer (owner, finance). */
const VmConfigurationDialog = ({
  configuration,
  onClose,
}: {
  configuration: AdminVmConfiguration;
  onClose: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<VmConfigurationValues>();
  const save = useMutation({
    mutationFn: (values: VmConfigurationValues) =>
      editVmConfiguration(configuration.id, {
        price_per_day: values.pricePerDay.trim(),
        price_30_days: values.price30Days.trim(),
        cpu: Number.parseInt(values.cpu, 10),
        memory_mb: Number.parseInt(values.memoryMb, 10),
        active: values.active,
      }),
    onSuccess: () => {
      void message.success(t('admin.catalogue.vms.saved'));
      void queryClient.invalidateQueries({ queryKey: CATALOGUE_QUERY_KEYS.vms });
      onClose();
    },
  });

  return (
    <Modal
      open
      title={t('admin.catalogue.vms.editTitle', { name: confName(configuration, i18n.language) })}
      okText={t('admin.catalogue.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'admin-vm-conf-save' }}
      cancelText={t('admin.catalogue.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      destroyOnHidden
      data-testid="admin-vm-conf-dialog"
    >
      <Form<VmConfigurationValues>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{
          pricePerDay: plainAmount(configuration.price_per_day),
          price30Days: plainAmount(configuration.price_30_days),
          cpu: String(configuration.cpu),
          memoryMb: String(configuration.memory_mb),
          active: configuration.active,
        }}
        onFinish={(values) => save.mutate(values)}
      >
        <Form.Item
          name="pricePerDay"
          label={t('admin.catalogue.vms.pricePerDay')}
          extra={t('admin.catalogue.vms.pricePerDayHint')}
          rules={[priceRule(VM_CONF_LIMITS.PRICE_PER_DAY_MAX, t('admin.catalogue.vms.pricePerDayInvalid'))]}
        >
          <Input
            inputMode="decimal"
            suffix="PTC"
            style={{ maxWidth: 200 }}
            data-testid="admin-vm-conf-price-day"
          />
        </Form.Item>
        <Form.Item
          name="price30Days"
          label={t('admin.catalogue.vms.price30Days')}
          rules={[priceRule(VM_CONF_LIMITS.PRICE_30_DAYS_MAX, t('admin.catalogue.vms.price30DaysInvalid'))]}
        >
          <Input
            inputMode="decimal"
            suffix="PTC"
            style={{ maxWidth: 200 }}
            data-testid="admin-vm-conf-price-30"
          />
        </Form.Item>
        <Form.Item
          name="cpu"
          label={t('admin.catalogue.vms.cpu')}
          rules={[
            wholeRule(VM_CONF_LIMITS.CPU_MIN, VM_CONF_LIMITS.CPU_MAX, t('admin.catalogue.vms.cpuInvalid')),
          ]}
        >
          <Input inputMode="numeric" style={{ maxWidth: 200 }} data-testid="admin-vm-conf-cpu" />
        </Form.Item>
        <Form.Item
          name="memoryMb"
          label={t('admin.catalogue.vms.memory')}
          extra={t('admin.catalogue.vms.limitsHint')}
          rules={[
            wholeRule(
              VM_CONF_LIMITS.MEMORY_MB_MIN,
              VM_CONF_LIMITS.MEMORY_MB_MAX,
              t('admin.catalogue.vms.memoryInvalid'),
            ),
          ]}
        >
          <Input
            inputMode="numeric"
            suffix="MB"
            style={{ maxWidth: 200 }}
            data-testid="admin-vm-conf-memory"
          />
        </Form.Item>
        <Form.Item name="active" label={t('admin.catalogue.vms.active')} valuePropName="checked">
          <Switch data-testid="admin-vm-conf-active" />
        </Form.Item>
      </Form>
      {save.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="admin-vm-conf-error"
          title={t('admin.catalogue.failed')}
          description={operatorErrorText(save.error, t)}
        />
      ) : null}
    </Modal>
  );
};

/**
 * Remote PC configurations (issue #19): limits, prices per day / week / 30 days, offered or not and
 * the PCs held of each; owner and finance edit them. The host's capacity, the per-customer limit and
 * the suspension are environment settings, shown read-only.
 */
export const VmConfigurationsCard = ({ canEdit }: { canEdit: boolean }) => {
  const { t, i18n } = useTranslation();
  const catalogue = useQuery({
    queryKey: CATALOGUE_QUERY_KEYS.vms,
    queryFn: ({ signal }) => getVmCatalogue(signal),
  });
  const [editing, setEditing] = useState<AdminVmConfiguration | null>(null);
  const host = catalogue.data?.host;

  const columns: TableColumnsType<AdminVmConfiguration> = [
    {
      key: 'name',
      title: t('admin.catalogue.vms.name'),
      render: (_: unknown, configuration) => confName(configuration, i18n.language),
    },
    { key: 'cpu', title: t('admin.catalogue.vms.cpu'), dataIndex: 'cpu', align: 'right' },
    { key: 'memory', title: t('admin.catalogue.vms.memory'), dataIndex: 'memory_mb', align: 'right' },
    { key: 'day', title: t('admin.catalogue.vms.pricePerDay'), dataIndex: 'price_per_day', align: 'right' },
    { key: 'week', title: t('admin.catalogue.vms.price7Days'), dataIndex: 'price_7_days', align: 'right' },
    { key: 'month', title: t('admin.catalogue.vms.price30Days'), dataIndex: 'price_30_days', align: 'right' },
    { key: 'pcs', title: t('admin.catalogue.vms.pcs'), dataIndex: 'pcs', align: 'right' },
    {
      key: 'active',
      title: t('admin.catalogue.vms.active'),
      dataIndex: 'active',
      render: (active: boolean, configuration) => (
        <span data-testid={`admin-vm-conf-offered-${configuration.id}`}>
          {active ? t('admin.catalogue.vms.offered') : t('admin.catalogue.vms.withdrawn')}
        </span>
      ),
    },
    ...(canEdit
      ? [
          {
            key: 'edit',
            title: '',
            render: (_: unknown, configuration: AdminVmConfiguration) => (
              <Button
                size="small"
                onClick={() => setEditing(configuration)}
                data-testid={`admin-vm-conf-edit-${configuration.id}`}
              >
                {t('admin.catalogue.plans.edit')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  return (
    <Card title={t('admin.catalogue.vms.title')} data-testid="admin-vm-confs-card">
      <Typography.Paragraph type="secondary">{t('admin.catalogue.vms.hint')}</Typography.Paragraph>
      {catalogue.isError ? (
        <Alert type="error" showIcon title={t('admin.catalogue.loadFailed')} />
      ) : (
        <>
          {host ? (
            <Descriptions
              size="small"
              column={{ xs: 1, md: 2, xl: 4 }}
              style={{ marginBottom: 12 }}
              data-testid="admin-vm-host"
            >
              <Descriptions.Item label={t('admin.catalogue.vms.capacity')}>
                <span data-testid="admin-vm-host-capacity">
                  {t('admin.catalogue.vms.capacityValue', { used: host.in_use, capacity: host.capacity })}
                </span>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.catalogue.vms.customerLimit')}>
                <span data-testid="admin-vm-host-customer-limit">{host.customer_limit}</span>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.catalogue.vms.provider')}>
                <Typography.Text code>{host.provider}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('admin.catalogue.vms.creation')}>
                <span data-testid="admin-vm-host-creation">
                  {host.creation_suspended
                    ? t('admin.catalogue.vms.suspended')
                    : t('admin.catalogue.vms.open')}
                </span>
              </Descriptions.Item>
            </Descriptions>
          ) : null}
          {host ? (
            <Typography.Paragraph type="secondary" data-testid="admin-vm-host-settings">
              {t('admin.catalogue.vms.hostSettings')}
            </Typography.Paragraph>
          ) : null}
          {host && !host.available ? (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('admin.catalogue.vms.unavailable')}
              description={host.message}
              data-testid="admin-vm-host-unavailable"
            />
          ) : null}
          <Table<AdminVmConfiguration>
            rowKey="id"
            size="small"
            loading={catalogue.isPending}
            columns={columns}
            dataSource={catalogue.data?.records ?? []}
            pagination={false}
            scroll={{ x: true }}
            data-testid="admin-vm-confs"
          />
        </>
      )}
      {editing ? <VmConfigurationDialog configuration={editing} onClose={() => setEditing(null)} /> : null}
    </Card>
  );
};
