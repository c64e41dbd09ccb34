import { StrictMode, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ExtensionStatus } from '../shared/state';
import { LOCALE_NAMES, LOCALES, type Locale, useLocale } from './i18n';
import { fetchStatus, send } from './send';
import './ui.css';

const Options = () => {
  const { locale, t, choose } = useLocale();
  const [status, setStatus] = useState<ExtensionStatus | null>(null);

  useEffect(() => {
    void fetchStatus().then(setStatus);
  }, []);

  useEffect(() => {
    document.documentElement.lang = locale;
    document.title = t('options.title');
  }, [locale, t]);

  const unpair = async () => {
    await send({ type: 'unpair' });
    setStatus(await fetchStatus());
  };

  return (
    <main className="options">
      <h1>{t('options.title')}</h1>
      <label>
        {t('options.language')}{' '}
        <select value={locale} onChange={(event) => choose(event.target.value as Locale)}>
          {(Object.keys(LOCALES) as Locale[]).map((code) => (
            <option key={code} value={code}>
              {LOCALE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      {status && (
        <section data-testid="pairing" data-state={status.pairing.state}>
          {status.pairing.state === 'paired' && (
            <>
              <p>{t('pairing.paired', { username: status.pairing.username })}</p>
              <p>{t('pairing.console', { url: status.pairing.console_url })}</p>
              <button type="button" onClick={unpair}>
                {t('pairing.unpair')}
              </button>
            </>
          )}
          {status.pairing.state === 'unpaired' && <p>{t('pairing.unpaired')}</p>}
          {status.pairing.state === 'ended' && <p className="warning">{t('pairing.ended')}</p>}
        </section>
      )}
      <p>{t('options.help')}</p>
      {status && (
        <p className="muted">
          {t('options.version', { version: status.version })} · {t('options.id', { id: status.extension_id })}
        </p>
      )}
    </main>
  );
};

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Options />
    </StrictMode>,
  );
