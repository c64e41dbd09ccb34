import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

/** Debian's Chromium (or CHROMIUM_PATH); undefined when none is installed. */
export const findChromium = (): string | undefined =>
  [process.env.CHROMIUM_PATH, ...CANDIDATES].find((path): path is string =>
    Boolean(path && existsSync(path)),
  );

/**
 * Whether browser tests can run here. Without Chromium they are skipped locally, but under
 * CI a missing browser is a failure, never a silent skip.
 */
export const chromiumPath = findChromium();
if (!chromiumPath && process.env.CI) {
  throw new Error('CI is set but no Chromium was found (apt-get install -y chromium, or set CHROMIUM_PATH).');
}

/** Launches headless Chromium with flags that keep it off the network. */
export const launchBrowser = (): Promise<Browser> => {
  if (!chromiumPath) throw new Error('no Chromium');
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
};
