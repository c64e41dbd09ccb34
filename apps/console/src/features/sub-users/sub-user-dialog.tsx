import { SUB_USER_NAME_MAX, SUB_USER_PERIODS, type SubUser, type SubUserPeriod } from '@ptc/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Form, Input, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { spendingLimitOf, TRAFFIC_UNITS, type TrafficUnit, trafficLimitOf } from './sub-users';
import { createSubUser, SUB_USER_QUERY_KEYS, updateSubUser } from './sub-users.api';

interface SubUserValues {
  name: string;
  trafficLimit?: string;
  spendingLimit?: string;
  period: SubUserPeriod;
}

/** The traffic limit as the form shows it: in GB when whole GB, in MB otherwise. */
const shownTraffic = (bytes: number | null): { text: string; unit: TrafficUnit } => {
  if (bytes === null) return { text: '', unit: 'GB' };
  if (bytes % TRAFFIC_UNITS.GB === 0) return { text: String(bytes / TRAFFIC_UNITS.GB), unit: 'GB' };
  return { text: String(Math.round((bytes / TRAFFIC_UNITS.MB) * 1000) / 1000), unit: 'MB' };
};

/**
 * Adds a sub-user or edits one: name (1–64 characters), traffic limit in MB or GB and spending
 * limit in PTC (each optional), and the calendar period (UTC) they apply to. A refusal (4018, 4020 …)
 * is the API client's toast; the dialog stays open with what was typed.
 */
export const SubUserDialog = ({ subUser, onClose }: { subUser: SubUser | null; onClose: () => void }) => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SubUserValues>();
  const initialTraffic = shownTraffic(subUser?.traffic_limit_bytes ?? null);
  const [unit, setUnit] = useState<TrafficUnit>(initialTraffic.unit);
  const save = useMutation({
    mutationFn: (values: SubUserValues) => {
      const traffic = trafficLimitOf(values.trafficLimit, unit);
      const spending = spendingLimitOf(values.spendingLimit);
      const body = {
        name: values.name.trim(),
        traffic_limit_bytes: traffic.ok ? traffic.bytes : null,
        spending_limit: spending.ok ? spending.ptc : null,
        period: values.period,
      };
      return subUser ? updateSubUser(subUser.id, body) : createSubUser(body);
    },
    onSuccess: (saved) => {
      void message.success(t('subUsers.dialog.saved', { name: saved.name }));
      onClose();
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: SUB_USER_QUERY_KEYS.list }),
  });

  return (
    <Modal
      open
      title={t(subUser ? 'subUsers.dialog.edit' : 'subUsers.dialog.add')}
      okText={t('subUsers.dialog.save')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'sub-user-save' } as { loading: boolean }}
      cancelText={t('subUsers.cancel')}
      onOk={() => form.submit()}
      onCancel={() => {
        if (!save.isPending) onClose();
      }}
      destroyOnHidden
    >
      <div data-testid="sub-user-dialog">
        <Form<SubUserValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          initialValues={{
            name: subUser?.name ?? '',
            trafficLimit: initialTraffic.text,
            spendingLimit: subUser?.spending_limit ? String(Number(subUser.spending_limit)) : '',
            period: subUser?.period ?? 'month',
          }}
          onFinish={(values) => {
            if (!save.isPending) save.mutate(values);
          }}
        >
          <Form.Item
            name="name"
            label={t('subUsers.dialog.name')}
            rules={[
              { required: true, whitespace: true, message: t('subUsers.dialog.nameRequired') },
              {
                max: SUB_USER_NAME_MAX,
                message: t('subUsers.dialog.nameTooLong', { max: SUB_USER_NAME_MAX }),
              },
            ]}
          >
            <Input maxLength={SUB_USER_NAME_MAX * 2} autoComplete="off" data-testid="sub-user-name-input" />
          </Form.Item>
          <Form.Item name="period" label={t('subUsers.dialog.period')}>
            <Select
              data-testid="sub-user-period"
              options={SUB_USER_PERIODS.map((period) => ({
                value: period,
                label: t(`subUsers.periodName.${period}`),
              }))}
            />
          </Form.Item>
          <Form.Item label={t('subUsers.dialog.trafficLimit')} extra={t('subUsers.dialog.trafficLimitHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item
                name="trafficLimit"
                noStyle
                rules={[
                  {
                    validator: (_rule, value: string | undefined) => {
                      const limit = trafficLimitOf(value, unit);
                      return limit.ok
                        ? Promise.resolve()
                        : Promise.reject(new Error(t(`subUsers.dialog.${limit.error}`)));
                    },
                  },
                ]}
              >
                <Input inputMode="decimal" autoComplete="off" data-testid="sub-user-traffic-limit" />
              </Form.Item>
              <Select<TrafficUnit>
                value={unit}
                onChange={setUnit}
                style={{ width: 90 }}
                options={(Object.keys(TRAFFIC_UNITS) as TrafficUnit[]).map((value) => ({
                  value,
                  label: value,
                }))}
                data-testid="sub-user-traffic-unit"
              />
            </Space.Compact>
          </Form.Item>
          <Form.Item
            name="spendingLimit"
            label={t('subUsers.dialog.spendingLimit')}
            extra={t('subUsers.dialog.spendingLimitHint')}
            rules={[
              {
                validator: (_rule, value: string | undefined) => {
                  const limit = spendingLimitOf(value);
                  return limit.ok
                    ? Promise.resolve()
                    : Promise.reject(new Error(t(`subUsers.dialog.${limit.error}`)));
                },
              },
            ]}
          >
            <Input inputMode="decimal" autoComplete="off" data-testid="sub-user-spending-limit" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
};
