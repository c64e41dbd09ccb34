import type { AdminSupply } from '@ptc/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Col,
  Flex,
  Row,
  Statistic,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useFeedback } from '../../../shared/ui/feedback';
import { PageSpinner } from '../../../shared/ui/page-spinner';
import type { OperatorRole } from '../admin.types';
import { operatorErrorText } from '../operator-errors';
import { LeaseOutcomes } from './lease-outcomes';
import { getSupply, setDemoSupply } from './supply.api';
import { canOperatorRunSupply, placeCodes, SUPPLY_KEYS } from './supply-display';

type InventoryPlace = AdminSupply['inventory'][number];

/** The exit counts of the overview, in the order of its cards. */
const COUNTS = ['total', 'in_service', 'disabled', 'unhealthy', 'upstream', 'static'] as const;

/** The demo supply: whether it serves, and the switch (owner; switching off asks first). */
const DemoSupply = ({ demo, role }: { demo: AdminSupply['demo']; role: OperatorRole | undefined }) => {
  const { t } = useTranslation();
  const { message, modal } = useFeedback();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: setDemoSupply,
    onSuccess: (answer) => {
      void message.success(
        t(answer.enabled ? 'admin.supply.demo.switchedOn' : 'admin.supply.demo.switchedOff'),
      );
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.overview });
      void queryClient.invalidateQueries({ queryKey: SUPPLY_KEYS.exits });
    },
  });
  const switchTo = (enabled: boolean) => {
    if (enabled) {
      change.mutate(true);
      return;
    }
    modal.confirm({
      title: t('admin.supply.demo.confirmOff'),
      content: t('admin.supply.demo.offEffect'),
      okText: t('admin.supply.demo.switchOff'),
      okType: 'danger',
      okButtonProps: { 'data-testid': 'admin-supply-demo-confirm' } as Record<string, string>,
      cancelText: t('admin.supply.cancel'),
      onOk: () => change.mutateAsync(false).catch(() => undefined),
    });
  };
  const canChange = canOperatorRunSupply(role, 'change');

  return (
    <Card title={t('admin.supply.demo.title')}>
      <Flex align="center" gap={12} wrap>
        {canChange ? (
          <Switch
            checked={demo.enabled}
            loading={change.isPending}
            disabled={demo.exits === 0}
            onChange={switchTo}
            aria-label={t('admin.supply.demo.title')}
            data-testid="admin-supply-demo-switch"
          />
        ) : null}
        <Tag color={demo.enabled ? 'green' : 'default'} data-testid="admin-supply-demo-state">
          {t(demo.enabled ? 'admin.supply.demo.on' : 'admin.supply.demo.off')}
        </Tag>
        <Typography.Text type="secondary">
          {t('admin.supply.demo.exits', { count: demo.exits })}
        </Typography.Text>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('admin.supply.demo.hint')}
      </Typography.Paragraph>
      {change.isSuccess && change.data.leases.length > 0 ? (
        <Alert
          style={{ marginTop: 12 }}
          type="info"
          showIcon
          title={t('admin.supply.demo.leases')}
          description={<LeaseOutcomes leases={change.data.leases} />}
          data-testid="admin-supply-demo-result"
        />
      ) : null}
      {change.isError ? (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title={t('admin.supply.demo.failed')}
          description={operatorErrorText(change.error, t)}
        />
      ) : null}
    </Card>
  );
};

/** The static inventory in service per place and type: how many addresses, leased, free, unhealthy. */
const InventoryTable = ({ places }: { places: InventoryPlace[] }) => {
  const { t } = useTranslation();
  const columns: TableColumnsType<InventoryPlace> = [
    {
      key: 'place',
      title: t('admin.supply.place'),
      render: (_value, place) => (
        <Flex vertical>
          <span>{place.label ?? place.country}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {placeCodes(place)}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'type',
      title: t('admin.supply.type'),
      dataIndex: 'type',
      render: (type: string) => t(`admin.supply.type.${type}`),
    },
    { key: 'total', title: t('admin.supply.inventory.total'), dataIndex: 'total', align: 'right' },
    { key: 'leased', title: t('admin.supply.inventory.leased'), dataIndex: 'leased', align: 'right' },
    { key: 'free', title: t('admin.supply.inventory.free'), dataIndex: 'free', align: 'right' },
    {
      key: 'unhealthy',
      title: t('admin.supply.inventory.unhealthy'),
      dataIndex: 'unhealthy',
      align: 'right',
      render: (count: number) =>
        count > 0 ? <Typography.Text type="danger">{count}</Typography.Text> : count,
    },
  ];
  return (
    <Card title={t('admin.supply.inventory.title')}>
      <Table<InventoryPlace>
        rowKey={(place) => `${place.country}|${place.state}|${place.city}|${place.type}`}
        size="small"
        columns={columns}
        dataSource={places}
        pagination={places.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('admin.supply.inventory.empty') }}
        data-testid="admin-supply-inventory"
      />
    </Card>
  );
};

/** The supply at a glance: exit counts, the demo supply switch, the static inventory per place. */
export const SupplyOverview = ({ role }: { role: OperatorRole | undefined }) => {
  const { t } = useTranslation();
  const supply = useQuery({ queryKey: SUPPLY_KEYS.overview, queryFn: ({ signal }) => getSupply(signal) });

  if (supply.isError) {
    return (
      <Alert
        type="error"
        showIcon
        title={t('admin.supply.loadFailed')}
        description={operatorErrorText(supply.error, t)}
        action={
          <Button size="small" onClick={() => void supply.refetch()}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (!supply.data) return <PageSpinner />;

  const { exits, demo, inventory } = supply.data;
  return (
    <Flex vertical gap={16} style={{ minWidth: 0 }}>
      <Row gutter={[12, 12]} data-testid="admin-supply-counts">
        {COUNTS.map((key) => (
          <Col key={key} xs={12} sm={8} xl={4}>
            <Card size="small" data-testid={`admin-supply-count-${key}`}>
              <Statistic title={t(`admin.supply.count.${key}`)} value={exits[key]} />
            </Card>
          </Col>
        ))}
      </Row>
      <DemoSupply demo={demo} role={role} />
      <InventoryTable places={inventory} />
    </Flex>
  );
};
