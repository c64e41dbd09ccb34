import { Col, Form, InputNumber, Radio, Row } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';
import { type CountError, checkCount, MAX_COUNT, PROTOCOLS } from './generator-rules';

/** The localized text of a count error. */
export const useCountMessage = () => {
  const { t } = useTranslation();
  return (error: CountError) => t(`generators.count.${error}`, { min: 1, max: MAX_COUNT });
};

/** Count (1 to 1 000, whole) and protocol (HTTP or SOCKS5), side by side on wide screens. */
export const CountAndProtocolFields = ({
  testIdPrefix,
  isCountDisabled = false,
  countExtra,
}: {
  /** E2E hooks: `<prefix>-count`, `<prefix>-protocol-http|socks5`. */
  testIdPrefix: string;
  /** The count follows something else (addresses picked from the store). */
  isCountDisabled?: boolean;
  countExtra?: string;
}) => {
  const { t } = useTranslation();
  const countMessage = useCountMessage();
  return (
    <Row gutter={[16, 0]}>
      <Col xs={24} sm={12}>
        <Form.Item
          name="count"
          label={t('generators.count')}
          extra={countExtra}
          rules={[
            {
              validator: async (_rule, value: unknown) => {
                if (isCountDisabled) return;
                const error = checkCount(
                  typeof value === 'number' || typeof value === 'string' ? value : null,
                );
                if (error) throw new Error(countMessage(error));
              },
            },
          ]}
        >
          <InputNumber
            style={{ width: '100%' }}
            disabled={isCountDisabled}
            inputMode="numeric"
            placeholder={`1 – ${MAX_COUNT}`}
            data-testid={`${testIdPrefix}-count`}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12}>
        <Form.Item name="protocol" label={t('generators.protocol')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={PROTOCOLS.map((value) => ({
              value,
              label: (
                <span data-testid={`${testIdPrefix}-protocol-${value}`}>
                  {t(`generators.protocol.${value}`)}
                </span>
              ),
            }))}
          />
        </Form.Item>
      </Col>
    </Row>
  );
};
