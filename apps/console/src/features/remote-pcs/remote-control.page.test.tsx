// @vitest-environment jsdom
import { AppError, allowedVmOperations, type UserInfo, type Vm, type VmStatus } from '@ptc/contracts';
import { act, cleanup, configure, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { remotePcs as enUS } from '../../locales/en-US/remote-pcs';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale, i18n } from '../../shared/i18n/i18n';
import { clearSession, setToken, userStore } from '../../shared/session/session';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import RemoteControlPage from './remote-control.page';

vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

/** noVNC's RFB as the page drives it: what it was opened with and what was asked of it. */
class FakeRfb extends EventTarget {
  static instances: FakeRfb[] = [];
  scaleViewport = false;
  resizeSession = false;
  focusOnClick = false;
  background = '';
  readonly calls: string[] = [];
  pasted: string[] = [];
  constructor(
    readonly target: HTMLElement,
    readonly url: string,
    readonly options: { credentials?: { password?: string }; wsProtocols?: string[] },
  ) {
    super();
    FakeRfb.instances.push(this);
  }
  emit(type: string, detail: unknown = {}) {
    act(() => {
      this.dispatchEvent(new CustomEvent(type, { detail }));
    });
  }
  disconnect() {
    this.calls.push('disconnect');
    this.emit('disconnect', { clean: true });
  }
  sendCredentials() {
    this.calls.push('credentials');
  }
  sendCtrlAltDel() {
    this.calls.push('ctrlAltDel');
  }
  readonly keys: number[] = [];
  sendKey(keysym: number, _code: string | null, down?: boolean) {
    if (down === undefined) this.keys.push(keysym);
  }
  clipboardPasteFrom(text: string) {
    this.pasted.push(text);
  }
  focus() {}
}

vi.mock('@novnc/novnc/core/rfb.js', () => ({ default: FakeRfb }));

const vmOf = (id: string, status: VmStatus): Vm => ({
  id,
  ip: '10.0.0.5',
  username: 'ptc',
  password: 'pw',
  area: 'US',
  vm_conf: { id: 1, name: '标准', en_name: 'Standard', ru_name: 'Стандарт', cpu: 2, memory_mb: 4096 },
  days: 7,
  auto_renew: false,
  status,
  released: false,
  create_time: '2026-11-20T08:00:00.000Z',
  expire_time: '2026-11-30T08:00:00.000Z',
  remaining_seconds: 86_400,
  proxy: { id: 'p1', username: 'user1', address: 'gw.example.test:8000' },
  operations: allowedVmOperations(status, false),
  failure_reason: null,
});

let vms: Vm[];
let tickets: number;

const openPage = (extra: Parameters<typeof mockApi>[0] = {}) => {
  const api = mockApi({
    'GET /proxy/vm': () => ({ data: { data: vms, total: vms.length } }),
    'POST /proxy/vm/remote': (call) => {
      const { id } = call.body as { id: string };
      const vm = vms.find((candidate) => candidate.id === id);
      if (!vm) throw new AppError('ERR_VM_NOT_FOUND');
      if (vm.status !== 'running') throw new AppError('ERR_VM_INVALID_STATUS_CHANGE');
      tickets += 1;
      return {
        data: { url: `/api/proxy/vm/vnc?ticket=t${tickets}`, password: `vnc-${tickets}`, expires_in: 30 },
      };
    },
    ...extra,
  });
  render(
    <Providers
      path="/remote-service/remote/vm1"
      routes={[{ path: '/remote-service/remote/:id', element: <RemoteControlPage /> }]}
    />,
  );
  return api;
};

const rfb = (index: number) => {
  const instance = FakeRfb.instances[index];
  if (!instance) throw new Error(`no RFB #${index}`);
  return instance;
};

beforeAll(async () => {
  installBrowserStubs();
  await changeLocale('en-US');
});

beforeEach(() => {
  queryClient.clear();
  FakeRfb.instances = [];
  vms = [vmOf('vm1', 'running')];
  tickets = 0;
  recordToasts();
  setToken('session-token');
  userStore.set({ user_name: 'alice' } as UserInfo);
});

afterEach(() => {
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('the remote-control page', () => {
  it('shows the limits warning first and connects only on Connect, with a ticket and noVNC', async () => {
    const api = openPage();
    const warning = await screen.findByTestId('vm-remote-warning');
    for (const point of ['purpose', 'abuse', 'traffic', 'session']) {
      expect(screen.getByTestId(`vm-remote-warning-${point}`).textContent).toBe(
        enUS[`remotePc.remote.warning.${point}` as keyof typeof enUS],
      );
    }
    expect(warning.textContent).toContain(enUS['remotePc.remote.warningTitle']);
    await waitFor(() => expect(screen.getByTestId('vm-remote-pc').textContent).toContain('Standard'));
    expect(api.callsTo('POST', '/proxy/vm/remote')).toHaveLength(0);
    expect(FakeRfb.instances).toHaveLength(0);

    fireEvent.click(screen.getByTestId('vm-remote-connect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/vm/remote')[0]?.body).toEqual({ id: 'vm1' });
    const session = rfb(0);
    expect(session.url).toBe(`ws://${window.location.host}/api/proxy/vm/vnc?ticket=t1`);
    expect(session.options).toEqual({ credentials: { password: 'vnc-1' }, wsProtocols: ['binary'] });
    expect(session.target).toBe(screen.getByTestId('vm-remote-screen'));
    expect([session.scaleViewport, session.resizeSession]).toEqual([true, true]);
    expect(screen.queryByTestId('vm-remote-warning')).toBeNull();
    expect(screen.getByTestId('vm-remote-state').textContent).toBe(enUS['remotePc.remote.connecting']);
    expect((screen.getByTestId('vm-remote-ctrl-alt-del') as HTMLButtonElement).disabled).toBe(true);

    session.emit('connect');
    await waitFor(() =>
      expect(screen.getByTestId('vm-remote-state').textContent).toBe(enUS['remotePc.remote.connected']),
    );
    fireEvent.click(screen.getByTestId('vm-remote-ctrl-alt-del'));
    expect(session.calls).toContain('ctrlAltDel');
  });

  it('passes the clipboard both ways through its panel', async () => {
    openPage();
    fireEvent.click(await screen.findByTestId('vm-remote-connect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
    rfb(0).emit('connect');
    fireEvent.click(screen.getByTestId('vm-remote-clipboard-toggle'));
    rfb(0).emit('clipboard', { text: 'copied inside the PC' });
    const text = (await screen.findByTestId('vm-remote-clipboard-text')) as HTMLTextAreaElement;
    await waitFor(() => expect(text.value).toBe('copied inside the PC'));
    fireEvent.change(text, { target: { value: 'from this computer' } });
    fireEvent.click(screen.getByTestId('vm-remote-clipboard-send'));
    expect(rfb(0).pasted).toEqual(['from this computer']);
  });

  it('types text key by key, and Enter, Backspace and Tab, for devices without a keyboard', async () => {
    openPage();
    fireEvent.click(await screen.findByTestId('vm-remote-connect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
    rfb(0).emit('connect');
    fireEvent.click(screen.getByTestId('vm-remote-keyboard-toggle'));
    const input = (await screen.findByTestId('vm-remote-keyboard-text')) as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'Hé 中' } });
    fireEvent.click(screen.getByTestId('vm-remote-keyboard-type'));
    expect(rfb(0).keys).toEqual([0x48, 0xe9, 0x20, 0x01004e2d]);
    expect(input.value).toBe('');
    fireEvent.click(screen.getByTestId('vm-remote-key-enter'));
    fireEvent.click(screen.getByTestId('vm-remote-key-backspace'));
    fireEvent.click(screen.getByTestId('vm-remote-key-tab'));
    expect(rfb(0).keys.slice(4)).toEqual([0xff0d, 0xff08, 0xff09]);
  });

  it('disconnects, says so, and reconnects with a new ticket each time', async () => {
    const api = openPage();
    fireEvent.click(await screen.findByTestId('vm-remote-connect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
    rfb(0).emit('connect');
    fireEvent.click(await screen.findByTestId('vm-remote-disconnect'));
    expect(rfb(0).calls).toContain('disconnect');
    expect((await screen.findByTestId('vm-remote-ended')).textContent).toBe(
      enUS['remotePc.remote.disconnected'],
    );

    fireEvent.click(screen.getByTestId('vm-remote-reconnect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(2));
    expect(api.callsTo('POST', '/proxy/vm/remote')).toHaveLength(2);
    expect(rfb(1).url).toMatch(/ticket=t2$/);
    expect(rfb(1).options.credentials?.password).toBe('vnc-2');

    // The relay closing the socket is a lost connection; a refusal by the PC says its reason.
    rfb(1).emit('disconnect', { clean: true });
    expect((await screen.findByTestId('vm-remote-ended')).textContent).toBe(enUS['remotePc.remote.lost']);
    fireEvent.click(screen.getByTestId('vm-remote-reconnect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(3));
    rfb(2).emit('securityfailure', { status: 1, reason: 'Authentication failure' });
    rfb(2).emit('disconnect', { clean: false });
    expect((await screen.findByTestId('vm-remote-ended')).textContent).toBe(
      'The remote PC refused the connection: Authentication failure',
    );
  });

  it('closes the session when the page is left', async () => {
    openPage();
    fireEvent.click(await screen.findByTestId('vm-remote-connect'));
    await waitFor(() => expect(FakeRfb.instances).toHaveLength(1));
    rfb(0).emit('connect');
    cleanup();
    expect(rfb(0).calls).toContain('disconnect');
  });

  it('stays on the warning when the PC cannot be controlled, saying why', async () => {
    const toasts = recordToasts();
    vms = [];
    const api = openPage();
    fireEvent.click(await screen.findByTestId('vm-remote-connect'));
    await waitFor(() => expect(toasts).toEqual([i18n.t('errors.ERR_VM_NOT_FOUND')]));
    expect(api.callsTo('POST', '/proxy/vm/remote')).toHaveLength(1);
    expect(screen.getByTestId('vm-remote-warning')).toBeTruthy();
    expect(FakeRfb.instances).toHaveLength(0);
  });

  it('disables Connect with "cannot operate" while the PC is not running', async () => {
    vms = [vmOf('vm1', 'stopped')];
    openPage();
    await waitFor(() => expect(screen.getByTestId('vm-status-vm1').textContent).toBe('Shut down'));
    expect((screen.getByTestId('vm-remote-connect') as HTMLButtonElement).disabled).toBe(true);
  });
});
