import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Card, Checkbox, Flex, Modal, Skeleton, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { useFeedback } from '../../shared/ui/feedback';
import { DOMAIN_USAGE_KEYS, domainUsageSetting, saveDomainUsageSetting } from './domain-usage.api';
import './domain-usage-texts';

/**
 * The user center's per-domain usage switch (issue #21): on by default; switching off asks first
 * and may delete the figures kept so far.
 */
const DomainUsageSettingCard = () => {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const client = useQueryClient();
  const setting = useQuery({
    queryKey: DOMAIN_USAGE_KEYS.setting,
    queryFn: ({ signal }) => domainUsageSetting(signal),
  });
  const [isAsking, setIsAsking] = useState(false);
  const [deleteExisting, setDeleteExisting] = useState(false);
  const save = useMutation({
    mutationFn: saveDomainUsageSetting,
    onSuccess: (saved) => {
      client.setQueryData(DOMAIN_USAGE_KEYS.setting, saved);
      void client.invalidateQueries({ queryKey: DOMAIN_USAGE_KEYS.all });
      setIsAsking(false);
      void message.success(t('domainUsage.setting.saved'));
    },
  });
  return (
    <Card title={t('domainUsage.setting.title')} data-testid="domain-usage-setting">
      {setting.data ? (
        <Flex vertical gap={8}>
          <Flex align="center" gap={12}>
            <Switch
              checked={setting.data.enabled}
              loading={save.isPending}
              onChange={(isOn) => {
                if (isOn) save.mutate({ enabled: true });
                else {
                  setDeleteExisting(false);
                  setIsAsking(true);
                }
              }}
              aria-label={t('domainUsage.setting.label')}
              data-testid="domain-usage-switch"
            />
            <Typography.Text>{t('domainUsage.setting.label')}</Typography.Text>
          </Flex>
          <Typography.Text type="secondary">
            {t('domainUsage.setting.help', { days: setting.data.retention_days })}
          </Typography.Text>
        </Flex>
      ) : (
        <Skeleton active title={false} paragraph={{ rows: 2 }} />
      )}
      <Modal
        open={isAsking}
        title={t('domainUsage.setting.offTitle')}
        okText={t('domainUsage.setting.confirm')}
        okButtonProps={{
          danger: true,
          loading: save.isPending,
          ...{ 'data-testid': 'domain-usage-off-confirm' },
        }}
        onOk={() => save.mutate({ enabled: false, delete_existing: deleteExisting })}
        onCancel={() => setIsAsking(false)}
        destroyOnHidden
      >
        <Flex vertical gap={12}>
          <Typography.Text>{t('domainUsage.setting.offText')}</Typography.Text>
          <Checkbox
            checked={deleteExisting}
            onChange={(event) => setDeleteExisting(event.target.checked)}
            data-testid="domain-usage-delete-existing"
          >
            {t('domainUsage.setting.deleteExisting')}
          </Checkbox>
        </Flex>
      </Modal>
    </Card>
  );
};

export default DomainUsageSettingCard;
