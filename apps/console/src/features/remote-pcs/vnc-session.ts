import RFB from '@novnc/novnc/core/rfb.js';
import { VM_VNC_SUBPROTOCOL } from '@ptc/contracts';
import { KEYSYMS, keysymsOf } from './vm-rules';

/**
 * The noVNC side of the remote-control page, loaded only when the customer connects (a dynamic
 * import of the page), so noVNC stays in a chunk of its own.
 *
 * noVNC 1.4.0's ES modules (`core/`): 1.5 and later detect H.264 decoding with a top-level `await`
 * (`core/util/browser.js`). In 1.7.0's ES build that single module changed how Rolldown split the
 * whole console (the entry became `app-*.js` with `app-*.css`, which the prerender step refuses,
 * and a dozen shared chunks appeared); 1.5/1.6 ship it in CommonJS, where it does not parse.
 */

/** How a session ended: closed on purpose, lost, or refused by the PC's VNC server. */
export type VncEnd = { kind: 'clean' } | { kind: 'lost' } | { kind: 'refused'; reason: string };

/** What the page hears from a session. */
export interface VncSessionEvents {
  onConnected: () => void;
  onEnded: (end: VncEnd) => void;
  /** Text the remote PC put on its clipboard. */
  onClipboard: (text: string) => void;
}

/** A running session. */
export interface VncSession {
  disconnect(): void;
  sendCtrlAltDel(): void;
  /** Puts `text` on the remote PC's clipboard. */
  paste(text: string): void;
  /** Types `text` key by key (phones and tablets have no keyboard the canvas can take). */
  type(text: string): void;
  /** Presses and releases one key. */
  press(key: keyof typeof KEYSYMS): void;
  focus(): void;
}

/**
 * Opens the PC's screen in `target` over the relay's WebSocket `url`, answering the PC with
 * `password`: scaled to the frame (the PC's desktop is asked to take the frame's size where it can),
 * clipboard both ways, keyboard and pointer once clicked.
 */
export const openVncSession = (
  target: HTMLElement,
  url: string,
  password: string,
  events: VncSessionEvents,
): VncSession => {
  const rfb = new RFB(target, url, { credentials: { password }, wsProtocols: [VM_VNC_SUBPROTOCOL] });
  rfb.scaleViewport = true;
  rfb.resizeSession = true;
  rfb.focusOnClick = true;
  rfb.background = '#1f1f1f';
  let refusal: string | null = null;
  let isClosing = false;
  rfb.addEventListener('connect', () => events.onConnected());
  rfb.addEventListener('credentialsrequired', () => rfb.sendCredentials({ password }));
  rfb.addEventListener('securityfailure', (event) => {
    const detail = (event as CustomEvent<{ status?: number; reason?: string }>).detail;
    refusal = detail?.reason || `status ${detail?.status ?? '?'}`;
  });
  rfb.addEventListener('clipboard', (event) => {
    const text = (event as CustomEvent<{ text?: string }>).detail?.text;
    if (typeof text === 'string') events.onClipboard(text);
  });
  // The relay closing the socket (the PC shut down, the server restarted) ends the session "cleanly"
  // for noVNC too; only a disconnect the customer asked for is said to be one.
  rfb.addEventListener('disconnect', () => {
    if (refusal !== null) events.onEnded({ kind: 'refused', reason: refusal });
    else events.onEnded(isClosing ? { kind: 'clean' } : { kind: 'lost' });
  });
  return {
    disconnect: () => {
      isClosing = true;
      rfb.disconnect();
    },
    sendCtrlAltDel: () => rfb.sendCtrlAltDel(),
    paste: (text) => rfb.clipboardPasteFrom(text),
    type: (text) => {
      for (const keysym of keysymsOf(text)) rfb.sendKey(keysym, null);
    },
    press: (key) => rfb.sendKey(KEYSYMS[key], null),
    focus: () => rfb.focus(),
  };
};
