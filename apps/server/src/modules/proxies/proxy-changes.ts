import type { DatabaseHandle } from '@ptc/db';
import { notifyProxyChanged } from '@ptc/gateway/store';
import { updateProxySwitch } from './list/list.repository';

// Past this many proxies, one "anything may have changed" notice (every gateway re-checks its open
// connections once) costs less than a notice per proxy.
const MAX_NOTICES_PER_CHANGE = 100;

/** Tells every gateway that these proxies changed (switch, expiry, renewal, deletion …). */
export const announceProxyChanges = async (handle: DatabaseHandle, ids: readonly bigint[]) => {
  if (ids.length === 0) return;
  if (ids.length > MAX_NOTICES_PER_CHANGE) {
    await notifyProxyChanged(handle, null);
    return;
  }
  await Promise.all(ids.map((id) => notifyProxyChanged(handle, id)));
};

/**
 * Switches proxies on (5) or off (6) and tells every gateway at once, so an OFF proxy's open
 * connections are cut within seconds (DESIGN §4). Answers the ids that changed.
 */
export const setProxySwitch = async (
  handle: DatabaseHandle,
  ids: readonly bigint[],
  state: 'on' | 'off',
  options: { userId?: bigint; stopRotation?: boolean } = {},
) => {
  if (ids.length === 0) return [];
  const changedIds = await updateProxySwitch(handle.db, ids, state, options);
  await announceProxyChanges(handle, changedIds);
  return changedIds;
};
