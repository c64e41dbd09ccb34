// @vitest-environment jsdom
import { AppError, type ProxyRow } from '@ptc/contracts';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../shared/i18n/i18n';
import { proxyRow } from '../../shared/testing/factories';
import { installBrowserStubs, mockApi, Providers, recordToasts } from '../../shared/testing/harness';
import './proxies-texts';
import { BatchActions } from './batch-actions';
import { INITIAL_VIEW, toListQuery } from './proxy-filters';

const expired = (index: number) => proxyRow(index, { status: 3 });
const working = (index: number) => proxyRow(index, { status: 1 });

const renderBatch = (selected: ProxyRow[]) => {
  const onChanged = vi.fn();
  const onClearSelection = vi.fn();
  render(
    <Providers>
      <BatchActions
        family="dynamic-traffic"
        selected={selected}
        canChange
        onChanged={onChanged}
        onClearSelection={onClearSelection}
        view={toListQuery(INITIAL_VIEW)}
        shownTotal={selected.length}
      />
    </Providers>,
  );
  return { onChanged, onClearSelection };
};

const confirmDelete = async () => {
  fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
};

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('batch delete', { timeout: 20_000 }, () => {
  it('refuses a selection that holds a non-expired proxy with the SPEC message, sending nothing', async () => {
    const api = mockApi();
    const { onChanged } = renderBatch([expired(1), working(2)]);
    fireEvent.click(screen.getByTestId('proxy-batch-delete'));
    expect(
      await screen.findByText(/Batch delete is invalid: only expired proxies can be deleted/),
    ).toBeTruthy();
    expect(api.callsTo('DELETE', '/proxy/tokens')).toHaveLength(0);
    expect(onChanged).not.toHaveBeenCalled();
  });

  it('asks for a selection first', async () => {
    const api = mockApi();
    renderBatch([]);
    fireEvent.click(screen.getByTestId('proxy-batch-delete'));
    expect(await screen.findByText('Please select proxies first.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('deletes a selection of expired proxies after a confirmation', async () => {
    const api = mockApi({ 'DELETE /proxy/tokens': () => ({ data: { deleted: 2 } }) });
    const { onChanged, onClearSelection } = renderBatch([expired(1), expired(2)]);
    fireEvent.click(screen.getByTestId('proxy-batch-delete'));
    expect(await screen.findAllByText('Delete the selected proxies (2)?')).not.toHaveLength(0);
    await confirmDelete();
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    expect(api.callsTo('DELETE', '/proxy/tokens').map((call) => call.body)).toEqual([{ ids: ['p1', 'p2'] }]);
    expect(onClearSelection).toHaveBeenCalled();
    expect(await screen.findByText('Deleted: 2')).toBeTruthy();
  });

  it("shows the server's refusal through the code table when a proxy is no longer expired", async () => {
    const toasts = recordToasts();
    mockApi({
      'DELETE /proxy/tokens': () => {
        throw new AppError('ERR_PROXY_NOT_IN_EXPIRED');
      },
    });
    const { onChanged, onClearSelection } = renderBatch([expired(1)]);
    fireEvent.click(screen.getByTestId('proxy-batch-delete'));
    await confirmDelete();
    await waitFor(() => expect(toasts).toEqual([i18n.t('errors.ERR_PROXY_NOT_IN_EXPIRED')]));
    expect(toasts[0]).toBe('Only expired proxies can be deleted');
    expect(onChanged).not.toHaveBeenCalled();
    expect(onClearSelection).not.toHaveBeenCalled();
  });
});

describe('batch switch', { timeout: 20_000 }, () => {
  it('switches the selection off and on with the SPEC codes 6 and 5', async () => {
    const api = mockApi({
      'PUT /proxy/token/status/batch/6': () => ({ data: { updated: 2 } }),
      'PUT /proxy/token/status/batch/5': () => ({ data: { updated: 2 } }),
    });
    const { onChanged } = renderBatch([working(1), expired(2)]);
    fireEvent.click(screen.getByTestId('proxy-batch-off'));
    fireEvent.click(await screen.findByTestId('proxy-batch-off-confirm'));
    expect(await screen.findByText('Switched off: 2')).toBeTruthy();
    fireEvent.click(screen.getByTestId('proxy-batch-on'));
    expect(await screen.findByText('Switched on: 2')).toBeTruthy();
    expect(api.callsTo('PUT', '/proxy/token/status/batch/6').map((call) => call.body)).toEqual([
      { ids: ['p1', 'p2'] },
    ]);
    expect(api.callsTo('PUT', '/proxy/token/status/batch/5')).toHaveLength(1);
    expect(onChanged).toHaveBeenCalledTimes(2);
  });

  it('asks before switching the selection off, and sends nothing when cancelled', async () => {
    const api = mockApi();
    renderBatch([working(1), working(2), working(3)]);
    fireEvent.click(screen.getByTestId('proxy-batch-off'));
    expect(await screen.findAllByText('Switch off the selected proxies (3)?')).not.toHaveLength(0);
    expect(screen.getByText(/They stop carrying traffic at once/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByTestId('proxy-batch-off-confirm')).toBeNull());
    expect(api.calls).toHaveLength(0);
  });

  it('needs a selection', async () => {
    const api = mockApi();
    renderBatch([]);
    fireEvent.click(screen.getByTestId('proxy-batch-on'));
    expect(await screen.findByText('Please select proxies first.')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });
});
