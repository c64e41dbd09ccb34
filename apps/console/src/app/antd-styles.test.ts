// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { ANTD_STYLES_URLS, antdStylesPartAt, antdStylesPartFor, loadAntdStyles } from './antd-styles';

const hrefs = (doc: Document) =>
  [...doc.head.querySelectorAll('link[rel="stylesheet"]')].map((link) => link.getAttribute('href'));

/** A document whose stylesheet links load at once (jsdom fetches none). */
const newDocument = () => {
  const doc = document.implementation.createHTMLDocument();
  doc.head.innerHTML = '<link rel="stylesheet" href="/assets/index.css">';
  new MutationObserver((records) => {
    for (const record of records)
      for (const node of record.addedNodes) (node as HTMLLinkElement).onload?.(new Event('load'));
  }).observe(doc.head, { childList: true });
  return doc;
};

const original = { ...ANTD_STYLES_URLS };
afterEach(() => Object.assign(ANTD_STYLES_URLS, original));

describe("antd's stylesheet in three parts", () => {
  it('gives the sign-in page the first part, the overview the signed-in part too, other pages all', () => {
    expect(antdStylesPartFor('login')).toBe('first-screen');
    expect(antdStylesPartFor('overview')).toBe('overview-first');
    expect(antdStylesPartFor('proxyList' as never)).toBe('all');
    expect(antdStylesPartAt('/login')).toBe('first-screen');
    expect(antdStylesPartAt('/dashboard/overview')).toBe('overview-first');
    expect(antdStylesPartAt('/')).toBe('signed-in');
    expect(antdStylesPartAt('/user-center')).toBe('all');
  });

  it('adds each part once, in the order of the original file, before the console stylesheet', async () => {
    Object.assign(ANTD_STYLES_URLS, {
      firstScreen: '/a/first.css',
      signedIn: '/a/signed-in.css',
      other: '/a/other.css',
    });
    const doc = newDocument();
    await loadAntdStyles('first-screen', doc);
    expect(hrefs(doc)).toEqual(['/a/first.css', '/assets/index.css']);
    await loadAntdStyles('signed-in', doc);
    expect(hrefs(doc)).toEqual(['/a/first.css', '/a/signed-in.css', '/assets/index.css']);
    await loadAntdStyles('all', doc);
    await loadAntdStyles('signed-in', doc);
    expect(hrefs(doc)).toEqual(['/a/first.css', '/a/signed-in.css', '/a/other.css', '/assets/index.css']);
  });

  it('gives the overview its first file alone, then the first two parts after it at the first use', async () => {
    Object.assign(ANTD_STYLES_URLS, {
      firstScreen: '/c/first.css',
      signedIn: '/c/signed-in.css',
      other: '/c/other.css',
      overviewFirst: '/c/overview-first.css',
    });
    const doc = newDocument();
    const view = new EventTarget() as unknown as Window;
    Object.defineProperty(doc, 'defaultView', { value: view });
    await loadAntdStyles('overview-first', doc);
    expect(hrefs(doc)).toEqual(['/c/overview-first.css', '/assets/index.css']);
    view.dispatchEvent(new Event('pointerover'));
    await Promise.resolve();
    expect(hrefs(doc)).toEqual([
      '/c/overview-first.css',
      '/c/first.css',
      '/c/signed-in.css',
      '/assets/index.css',
    ]);
    await loadAntdStyles('all', doc);
    expect(hrefs(doc)).toEqual([
      '/c/overview-first.css',
      '/c/first.css',
      '/c/signed-in.css',
      '/c/other.css',
      '/assets/index.css',
    ]);
  });

  it('gives the overview the first two parts where no first file was built (development)', async () => {
    Object.assign(ANTD_STYLES_URLS, {
      firstScreen: '/d/first.css',
      signedIn: '/d/signed-in.css',
      other: '/d/other.css',
      overviewFirst: null,
    });
    const doc = newDocument();
    await loadAntdStyles('overview-first', doc);
    expect(hrefs(doc)).toEqual(['/d/first.css', '/d/signed-in.css', '/assets/index.css']);
  });

  it('puts the rest after the first part when a page needs all at once', async () => {
    Object.assign(ANTD_STYLES_URLS, {
      firstScreen: '/b/first.css',
      signedIn: '/b/signed-in.css',
      other: '/b/other.css',
    });
    const doc = newDocument();
    await loadAntdStyles('all', doc);
    expect(hrefs(doc)).toEqual(['/b/first.css', '/b/signed-in.css', '/b/other.css', '/assets/index.css']);
  });
});
