import { GithubOutlined, GoogleOutlined } from '@ant-design/icons';
import type { OAuthProvider } from '@ptc/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Flex } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from '../../shared/i18n/use-translation';
import { fetchOAuthUrl, oauthProvidersQuery } from './sign-in.api';

const ICONS: Record<OAuthProvider, ReactNode> = {
  google: <GoogleOutlined />,
  github: <GithubOutlined />,
};

/**
 * Google and GitHub buttons, each shown only when the server has it configured. A click asks
 * for the provider's address and leaves for it; the provider sends the browser back to login.
 */
export const OAuthButtons = ({ purpose }: { purpose: 'login' | 'register' }) => {
  const { t } = useTranslation();
  const { data } = useQuery(oauthProvidersQuery());
  const [leavingFor, setLeavingFor] = useState<OAuthProvider>();
  const providers = (['google', 'github'] as const).filter((provider) => data?.[provider] === true);
  if (!providers.length) return null;

  const start = async (provider: OAuthProvider) => {
    setLeavingFor(provider);
    try {
      const { url } = await fetchOAuthUrl(provider);
      window.location.href = url;
    } catch {
      setLeavingFor(undefined);
    }
  };

  return (
    <>
      <Divider plain>{t(purpose === 'login' ? 'auth.oauth.orLogin' : 'auth.oauth.orRegister')}</Divider>
      <Flex gap={8} wrap>
        {providers.map((provider) => (
          <Button
            key={provider}
            size="large"
            icon={ICONS[provider]}
            loading={leavingFor === provider}
            disabled={leavingFor !== undefined && leavingFor !== provider}
            onClick={() => void start(provider)}
            data-testid={`oauth-${provider}`}
            style={{ flex: 1, minWidth: 160 }}
          >
            {t(`auth.oauth.${provider}`)}
          </Button>
        ))}
      </Flex>
    </>
  );
};
