import { Checkbox } from 'antd';
import type { ReactNode } from 'react';
import { EXTERNAL_LINKS } from '../../routes.paths';
import { Trans } from '../../shared/i18n/use-translation';

/** Props of {@link ConsentCheckbox}; `checked` and `onChange` come from the enclosing `Form.Item`. */
export interface ConsentCheckboxProps {
  checked?: boolean;
  onChange?: (event: { target: { checked: boolean } }) => void;
  id?: string;
  'data-testid'?: string;
}

/** A link opened in a new tab; `Trans` puts the translated words inside. */
const ExternalLink = ({ href, children }: { href: string; children?: ReactNode }) => (
  <a href={href} target="_blank" rel="noreferrer">
    {children}
  </a>
);

/** "I agree to the Terms of Service and the Privacy Policy", both linked. */
export const ConsentCheckbox = ({ checked, onChange, id, 'data-testid': testId }: ConsentCheckboxProps) => (
  <Checkbox id={id} checked={checked} onChange={onChange} data-testid={testId}>
    <Trans
      i18nKey="register.agree"
      components={{
        terms: <ExternalLink href={EXTERNAL_LINKS.terms} />,
        privacy: <ExternalLink href={EXTERNAL_LINKS.privacy} />,
      }}
    />
  </Checkbox>
);
