import { CustomerServiceOutlined } from '@ant-design/icons';
import { Alert, Typography } from 'antd';
import { useTranslation } from '../../shared/i18n/use-translation';

/** Who to write to about custom packages (an email address or a link), as on the charge page. */
const SALES_CONTACT = import.meta.env.VITE_SALES_CONTACT || 'sales@example.com';

/** The link of a contact: `mailto:` for an address, the link itself otherwise. */
export const contactHref = (contact: string): string =>
  contact.includes('@') ? `mailto:${contact}` : contact;

/** The custom contact of SPEC §2: "need a bigger package? contact us". Hook: `traffic-package-contact`. */
export const CustomContact = () => {
  const { t } = useTranslation();
  const isLink = !SALES_CONTACT.includes('@');
  return (
    <Alert
      type="info"
      icon={<CustomerServiceOutlined />}
      showIcon
      title={t('trafficPackage.contact.title')}
      description={
        <span>
          {t('trafficPackage.contact.description')}{' '}
          <Typography.Link
            href={contactHref(SALES_CONTACT)}
            data-testid="traffic-package-contact"
            style={{ overflowWrap: 'anywhere' }}
            {...(isLink ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {SALES_CONTACT}
          </Typography.Link>
        </span>
      }
    />
  );
};
