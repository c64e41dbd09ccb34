import type { QuickAccessEntry } from '@ptc/contracts';
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { ExtensionStatus } from '../shared/state';
import { useLocale } from './i18n';
import { type Failure, fetchQuickAccess, fetchStatus, send } from './send';
import './ui.css';

const proxyName = (entry: QuickAccessEntry) =>
  entry.proxy
    ? `${entry.proxy.username}${entry.proxy.location ? ` (${entry.proxy.location})` : ''}`
    : entry.proxy_id;

const Popup = () => {
  const { t } = useLocale();
  const [status, setStatus] = useState<ExtensionStatus | null>(null);
  const [entries, setEntries] = useState<QuickAccessEntry[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const refresh = useCallback(async () => {
    const next = await fetchStatus();
    setStatus(next);
    if (next.pairing.state !== 'paired') return setEntries([]);
    const list = await fetchQuickAccess();
    if ('list' in list) setEntries(list.list);
    else setStatus(await fetchStatus());
  }, []);

  useEffect(() => {
    void refresh();
  }, [refresh]);

  const switchOff = async () => {
    await send({ type: 'off' });
    setNotice(null);
    await refresh();
  };

  const open = async (entry: QuickAccessEntry) => {
    const proxy = proxyName(entry);
    setNotice(t('quick.opening', { proxy, url: entry.url }));
    const reply = await send<{ ok: boolean } & Partial<Failure>>({ type: 'open_quick_access', id: entry.id });
    if (reply.ok) setNotice(t('quick.opened', { proxy }));
    else if (reply.state === 'failed' || reply.state === 'timeout')
      setNotice(t(reply.state === 'failed' ? 'last.failed' : 'last.timeout', { reason: reply.reason ?? '' }));
    else setNotice(t('error.generic', { reason: reply.reason ?? '' }));
    await refresh();
  };

  if (!status) return null;
  const { pairing, active, last } = status;
  return (
    <main className="popup">
      <h1>{t('app.title')}</h1>
      <section data-testid="pairing" data-state={pairing.state}>
        {pairing.state === 'paired' && <p>{t('pairing.paired', { username: pairing.username })}</p>}
        {pairing.state === 'unpaired' && <p>{t('pairing.unpaired')}</p>}
        {pairing.state === 'ended' && <p className="warning">{t('pairing.ended')}</p>}
      </section>
      <section data-testid="active-proxy" data-active={active ? 'true' : 'false'}>
        <h2>{t('proxy.title')}</h2>
        {active ? (
          <>
            <dl>
              <dt>{t('proxy.server')}</dt>
              <dd>
                {active.host}:{active.port}
              </dd>
              <dt>{t('proxy.username')}</dt>
              <dd>{active.username}</dd>
              {active.location && (
                <>
                  <dt>{t('proxy.location')}</dt>
                  <dd>{active.location}</dd>
                </>
              )}
              <dt>{t('proxy.exitIp')}</dt>
              <dd data-testid="exit-ip">{active.ip ?? t('proxy.unknown')}</dd>
              <dt>{t('proxy.country')}</dt>
              <dd data-testid="exit-country">{active.country ?? t('proxy.unknown')}</dd>
            </dl>
            <label className="switch">
              <input type="checkbox" checked onChange={switchOff} data-testid="proxy-switch" />
              {t('proxy.on')} — {t('proxy.off')}
            </label>
          </>
        ) : (
          <p>{t('proxy.none')}</p>
        )}
        {status.busy && <p>{t('proxy.switching')}</p>}
        {last && last.state !== 'success' && (!active || last.at > active.since) && (
          <p className="warning">
            {active && last.proxy_id === active.proxy_id && last.reason === 'proxy_auth_rejected'
              ? t('last.refused')
              : t(last.state === 'failed' ? 'last.failed' : 'last.timeout', { reason: last.reason ?? '' })}
          </p>
        )}
      </section>
      {pairing.state === 'paired' && (
        <section data-testid="quick-access">
          <h2>{t('quick.title')}</h2>
          {entries.length === 0 && <p>{t('quick.empty')}</p>}
          <ul>
            {entries.map((entry) => {
              const unusable = !entry.proxy || entry.proxy.deleted || entry.proxy.expired;
              return (
                <li key={entry.id}>
                  <div className="entry">
                    <strong>{entry.remark || entry.url}</strong>
                    <small>
                      {t('quick.through', { proxy: proxyName(entry) })}
                      {unusable && ` — ${t('quick.proxyGone')}`}
                    </small>
                  </div>
                  <button type="button" disabled={unusable || status.busy} onClick={() => open(entry)}>
                    {t('quick.open')}
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {notice && (
        <p className="notice" role="status">
          {notice}
        </p>
      )}
    </main>
  );
};

const root = document.getElementById('root');
if (root)
  createRoot(root).render(
    <StrictMode>
      <Popup />
    </StrictMode>,
  );
