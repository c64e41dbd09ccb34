import type { OrderStatus } from '@ptc/contracts';
import { Tag, Tooltip } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { ORDER_STATUS_COLOURS } from './money-display';

/** An order's state as a coloured tag; a failed order tells why on hover. */
export const OrderStatusTag = ({
  status,
  failureReason = null,
}: {
  status: OrderStatus;
  failureReason?: string | null;
}) => {
  const { t } = useTranslation();
  const tag = (
    <Tag color={ORDER_STATUS_COLOURS[status]} data-testid="admin-order-status">
      {t(`admin.customers.orderStatus.${status}`, { defaultValue: status })}
    </Tag>
  );
  return failureReason ? <Tooltip title={failureReason}>{tag}</Tooltip> : tag;
};
