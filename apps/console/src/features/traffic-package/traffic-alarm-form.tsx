import { useQuery } from '@tanstack/react-query';
import { Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { AlarmForm, type AlarmTexts, type AlarmValues } from '../alarm/alarm-form';
import { LoadFailed } from './load-failed';
import { checkThresholdGb, THRESHOLD_GB } from './traffic-alarm.rules';
import {
  fetchTrafficAlarm,
  saveTrafficAlarm,
  TRAFFIC_QUERY_KEYS,
  type TrafficAlarm,
} from './traffic-package.api';

/** Suggested threshold before the user chose one, in GB. */
const DEFAULT_THRESHOLD_GB = '1';

/** Saves the form: the threshold in whole GB. */
const saveAlarm = (values: AlarmValues) =>
  saveTrafficAlarm({
    enabled: values.enabled,
    threshold_gb: Number(values.threshold.trim()),
    method: values.method,
    address: values.address,
  });

/** The alert form: on/off, threshold in GB, email or SMS and where to send it. */
const TrafficAlarmForm = ({ alarm }: { alarm: TrafficAlarm }) => {
  const { t } = useTranslation();
  const texts: AlarmTexts = {
    enabled: t('trafficPackage.alarm.enabled'),
    threshold: t('trafficPackage.alarm.threshold'),
    method: t('trafficPackage.alarm.method'),
    methods: { email: t('trafficPackage.alarm.method.email'), sms: t('trafficPackage.alarm.method.sms') },
    email: t('trafficPackage.alarm.email'),
    phone: t('trafficPackage.alarm.phone'),
    emailRequired: t('trafficPackage.alarm.email.required'),
    emailInvalid: t('trafficPackage.alarm.email.invalid'),
    save: t('trafficPackage.alarm.save'),
    saved: t('trafficPackage.alarm.saved'),
  };
  return (
    <AlarmForm
      alarm={alarm}
      threshold={alarm.threshold_gb === null ? DEFAULT_THRESHOLD_GB : String(alarm.threshold_gb)}
      thresholdUnit={{ suffix: t('trafficPackage.unit.gb'), inputMode: 'numeric' }}
      checkThreshold={(value) => {
        const error = checkThresholdGb(value);
        return error ? t(`trafficPackage.alarm.threshold.${error}`, THRESHOLD_GB) : null;
      }}
      texts={texts}
      save={saveAlarm}
      queryKey={TRAFFIC_QUERY_KEYS.alarm}
      testIdPrefix="traffic-alarm"
      style={{ maxWidth: 560 }}
    />
  );
};

/**
 * The low-traffic alert (SPEC §2, §3 Traffic alarm, §5): a threshold in GB, by email or SMS.
 * Hooks: `traffic-alarm-*`.
 */
export const TrafficAlarmSettings = () => {
  const { t } = useTranslation();
  const query = useQuery({
    queryKey: TRAFFIC_QUERY_KEYS.alarm,
    queryFn: ({ signal }) => fetchTrafficAlarm(signal),
  });
  if (query.isError) return <LoadFailed error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <Skeleton active />;
  return (
    <Flex vertical gap={16} data-testid="traffic-alarm">
      <Typography.Text type="secondary">{t('trafficPackage.alarm.description')}</Typography.Text>
      <TrafficAlarmForm key={query.dataUpdatedAt} alarm={query.data} />
    </Flex>
  );
};
