import { Alert, Col, Flex, Row } from 'antd';
import { useTranslation } from '../../../shared/i18n/use-translation';
import { useOperator } from '../customers/use-operator';
import './catalogue-texts';
import { FeesCard } from './fees-card';
import { PlansCard } from './plans-card';
import { PricesCard } from './prices-card';
import { TopUpCard } from './top-up-card';
import { VmConfigurationsCard } from './vm-configurations-card';

/**
 * `/admin/catalogue`: what customers can buy and on what terms — traffic package plans, top-up
 * packages and the bonus rule, the fee of each payment method, the price table, the remote PC
 * configurations (the host's capacity read-only). Every operator
 * reads it; owner and finance change it, each change audited and applied to the next order.
 */
const CataloguePage = () => {
  const { t } = useTranslation();
  const operator = useOperator();
  const canEdit = operator?.role === 'owner' || operator?.role === 'finance';

  return (
    <Flex vertical gap={16} data-testid="admin-catalogue">
      {operator && !canEdit ? (
        <Alert
          type="info"
          showIcon
          title={t('admin.catalogue.readOnly')}
          data-testid="admin-catalogue-read-only"
        />
      ) : null}
      <PlansCard canEdit={canEdit} />
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={10}>
          <TopUpCard canEdit={canEdit} />
        </Col>
        <Col xs={24} xl={14}>
          <FeesCard canEdit={canEdit} />
        </Col>
      </Row>
      <PricesCard canEdit={canEdit} />
      <VmConfigurationsCard canEdit={canEdit} />
    </Flex>
  );
};

export default CataloguePage;
