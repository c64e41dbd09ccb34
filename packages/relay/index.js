// Loads the splice relay addon (src/relay.c), built by `npm ci` through node-gyp. Answers null,
// with the reason, where it cannot run: not Linux, or not built (no compiler on the machine).
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const load = () => {
  if (process.platform !== 'linux')
    return { relay: null, reason: `splice is Linux only (this is ${process.platform})` };
  try {
    const addon = require('./build/Release/ptc_relay.node');
    if (!addon.supported) return { relay: null, reason: 'the addon was built without splice support' };
    return { relay: addon, reason: null };
  } catch (error) {
    return { relay: null, reason: `the addon is not built (${error.code ?? error.message})` };
  }
};

const loaded = load();

/** The addon, or null when it cannot run here (see `unavailableReason`). */
export const spliceRelay = loaded.relay;

/** Why `spliceRelay` is null; null when it is available. */
export const unavailableReason = loaded.reason;
