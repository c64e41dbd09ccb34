import { ACCOUNT_RULES } from '@ptc/contracts';
import { Flex, Spin, theme } from 'antd';
// By path: antd's `Input` brings TextArea, Search and OTP, which the sign-in page never shows.
import Input from 'antd/es/input/Input';
import { useTranslation } from '../../shared/i18n/use-translation';
import type { Captcha } from './use-captcha';

/** Props of {@link CaptchaInput}; `value` and `onChange` come from the enclosing `Form.Item`. */
export interface CaptchaInputProps {
  captcha: Captcha;
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  /** E2E hook of the text field; the image is `captcha-image`. */
  'data-testid'?: string;
}

const IMAGE_SIZE = { width: 112, height: 40 } as const;

/** The 4-digit answer field beside the captcha image, which loads a new image when clicked. */
export const CaptchaInput = ({ captcha, value, onChange, id, 'data-testid': testId }: CaptchaInputProps) => {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  return (
    <Flex gap={8} align="center">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value.replace(/\D/g, ''))}
        maxLength={ACCOUNT_RULES.CAPTCHA_LENGTH}
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('auth.captcha.placeholder')}
        size="large"
        data-testid={testId}
      />
      <button
        type="button"
        onClick={captcha.refresh}
        title={t('auth.captcha.refresh')}
        aria-label={t('auth.captcha.refresh')}
        style={{
          ...IMAGE_SIZE,
          flex: 'none',
          padding: 0,
          cursor: 'pointer',
          background: token.colorFillTertiary,
          border: `1px solid ${token.colorBorder}`,
          borderRadius: token.borderRadius,
          overflow: 'hidden',
        }}
      >
        {captcha.src ? (
          <img
            src={captcha.src}
            alt={t('auth.captcha.alt')}
            data-testid="captcha-image"
            style={{
              ...IMAGE_SIZE,
              display: 'block',
              objectFit: 'contain',
              opacity: captcha.isLoading ? 0.5 : 1,
            }}
          />
        ) : captcha.hasFailed ? (
          <span style={{ fontSize: 12, color: token.colorError }}>{t('auth.captcha.failed')}</span>
        ) : (
          <Spin size="small" />
        )}
      </button>
    </Flex>
  );
};
