// @vitest-environment jsdom
import { cleanup, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../shared/api/query-client';
import { changeLocale } from '../../shared/i18n/i18n';
import { loadCityNames } from '../../shared/i18n/place-names';
import {
  type Handlers,
  installBrowserStubs,
  mockApi,
  Providers,
  recordToasts,
} from '../../shared/testing/harness';
import './generator-texts';
import type { IpPrefixList } from './generators.api';
import { createGeneratorServer, type GeneratorServerOptions } from './generators.stand-in';
import {
  DynamicIpGenerator,
  DynamicTrafficGenerator,
  type GeneratedProxy,
  StaticIpGenerator,
  StaticTrafficGenerator,
} from './index';

// antd renders slowly in jsdom on a busy machine.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 8_000 });

beforeAll(() => {
  installBrowserStubs();
});

beforeEach(async () => {
  queryClient.clear();
  await changeLocale('en-US');
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const typeInto = (element: HTMLElement, value: string) => fireEvent.change(element, { target: { value } });

/** Presses Buy and pays the price the confirmation shows, once the last confirmation has gone. */
const buy = async (submitTestId: string) => {
  await waitFor(() => expect(screen.queryAllByTestId('gen-confirm-pay')).toHaveLength(0));
  fireEvent.click(screen.getByTestId(submitTestId));
  fireEvent.click(await screen.findByTestId('gen-confirm-pay'));
};

/** The input inside an antd control marked with `testId` (or the element itself). */
const inputOf = (testId: string): HTMLInputElement => {
  const element = screen.getByTestId(testId);
  return (element.tagName === 'INPUT' ? element : element.querySelector('input')) as HTMLInputElement;
};

/** Opens the antd Select marked with `testId` (once it is enabled) and picks the option labelled `label`. */
const choose = async (testId: string, label: string) => {
  const root = await waitFor(() => {
    const select = screen.getByTestId(testId);
    const found = (select.closest('.ant-select') ?? select) as HTMLElement;
    if (found.className.includes('ant-select-disabled')) throw new Error(`${testId} is disabled`);
    return found;
  });
  fireEvent.mouseDown(root.querySelector('input') ?? root);
  const option = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((item) => item.getAttribute('title') === label);
    if (!found) throw new Error(`no option ${label} in ${testId}`);
    return found;
  });
  fireEvent.click(option);
};

const renderPanel = (panel: React.ReactNode) =>
  render(<Providers path="/proxy/dynamic/ip">{panel}</Providers>);

/** The stand-in server (`generators.stand-in.ts`) behind `fetch`, with `extra` routes of the test. */
const serveGenerators = (options: GeneratorServerOptions = {}, extra: Handlers = {}) =>
  mockApi({ ...createGeneratorServer(options).handlers, ...extra });

const openByIp = async () => {
  fireEvent.click(await screen.findByTestId('gen-dynamic-ip-tab-by-ip'));
  return screen.findByTestId('gen-dynamic-ip-by-ip-ip');
};

describe('DynamicIpGenerator, generate by IP', () => {
  it('refuses a wrong IP pattern with "IP format error" and a missing one as required, posting nothing', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicIpGenerator />);
    const ip = await openByIp();
    typeInto(ip, '69.32.3.256');
    fireEvent.click(screen.getByTestId('gen-dynamic-ip-by-ip-submit'));
    expect(await screen.findByText('IP format error')).toBeTruthy();

    typeInto(ip, '69.32.*3.1');
    expect(await screen.findByText('IP format error')).toBeTruthy();

    typeInto(ip, '');
    expect(await screen.findByText('Please enter an IP address')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip')).toHaveLength(0);
  });

  it('shows the price for the count, posts the form the server expects and shows the proxies', async () => {
    const api = serveGenerators();
    const onGenerated = vi.fn<(proxies: GeneratedProxy[]) => void>();
    renderPanel(<DynamicIpGenerator onGenerated={onGenerated} />);
    const ip = await openByIp();
    typeInto(ip, ' 69.32.3.* ');
    fireEvent.click(inputOf('gen-dynamic-ip-by-ip-auto-return'));
    typeInto(inputOf('gen-dynamic-ip-by-ip-count'), '3');
    fireEvent.click(screen.getByTestId('gen-dynamic-ip-by-ip-protocol-socks5'));

    await waitFor(() =>
      expect(screen.getByTestId('gen-dynamic-ip-by-ip-price-total').textContent).toBe('0.45 PTC'),
    );
    expect(screen.getByTestId('gen-dynamic-ip-by-ip-price-unit').textContent).toBe('0.15 PTC / IP');
    const lastPrice = api.callsTo('GET', '/proxy/price').at(-1);
    expect(Object.fromEntries(lastPrice?.query ?? [])).toEqual({ family: 'dynamic-ip', count: '3' });

    await buy('gen-dynamic-ip-by-ip-submit');
    await waitFor(() => expect(onGenerated).toHaveBeenCalledTimes(1));
    const [post] = api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip');
    expect(post?.contentType).toContain('application/x-www-form-urlencoded');
    expect(post?.body).toEqual({ count: '3', protocol: 'socks5', ip: '69.32.3.*', auto_return: 'true' });
    expect(onGenerated.mock.calls[0]?.[0]).toHaveLength(3);

    const result = await screen.findByTestId('gen-dynamic-ip-result');
    expect(
      within(result)
        .getAllByTestId('gen-dynamic-ip-result-line')
        .map((line) => line.textContent),
    ).toEqual([
      'gw.example.test:8000:user1:pass1',
      'gw.example.test:8000:user2:pass2',
      'gw.example.test:8000:user3:pass3',
    ]);
    expect(within(result).getByTestId('gen-dynamic-ip-result-charged').textContent).toBe(
      'Charged 0.45 PTC, balance 99.55 PTC',
    );
  });

  it('offers the address prefixes the supply has, and posts the one picked', async () => {
    const prefixes: IpPrefixList = {
      records: [
        {
          prefix: '198.18.0.*',
          country: 'US',
          state: 'NY',
          city: 'newyorkcity',
          city_name: 'New York City',
          available: 8,
        },
        {
          prefix: '198.18.8.*',
          country: 'FR',
          state: 'IDF',
          city: 'paris',
          city_name: 'Paris',
          available: 8,
        },
      ],
      demo: true,
    };
    const api = serveGenerators({}, { 'GET /proxy/area/ip_prefixes': () => ({ data: prefixes }) });
    renderPanel(<DynamicIpGenerator />);
    const ip = await openByIp();
    await waitFor(() => expect(api.callsTo('GET', '/proxy/area/ip_prefixes')).toHaveLength(1));
    await waitFor(() => expect(ip.getAttribute('placeholder')).toBe('198.18.0.*'));
    typeInto(ip, '198');
    const offered = await screen.findAllByTestId('gen-dynamic-ip-by-ip-prefix');
    expect(offered.map((option) => option.textContent)).toEqual([
      '198.18.0.* · New York City, NY, United States · 8',
      '198.18.8.* · Paris, IDF, France · 8',
    ]);
    fireEvent.click(offered[1] as HTMLElement);
    await waitFor(() => expect((ip as HTMLInputElement).value).toBe('198.18.8.*'));
    await buy('gen-dynamic-ip-by-ip-submit');
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip')[0]?.body).toMatchObject({ ip: '198.18.8.*' });
  });

  it('waits out the one-generation-a-second rule instead of earning 4003', async () => {
    // The stand-in refuses a generation within a second of the last one with 4003, as the server does.
    const toasts = recordToasts();
    const api = serveGenerators();
    renderPanel(<DynamicIpGenerator />);
    typeInto(await openByIp(), '1.2.3.4');
    await buy('gen-dynamic-ip-by-ip-submit');
    await screen.findByTestId('gen-dynamic-ip-result');
    await buy('gen-dynamic-ip-by-ip-submit');
    await waitFor(() =>
      expect(screen.getByTestId('gen-dynamic-ip-result-line').textContent).toBe(
        'gw.example.test:8000:user2:pass2',
      ),
    );
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip')).toHaveLength(2);
    expect(toasts).toEqual([]);
  });

  it('copies a proxy as address:port:user:pass', async () => {
    const writeText = vi.fn(async (_text: string) => undefined);
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText } });
    serveGenerators();
    renderPanel(<DynamicIpGenerator />);
    typeInto(await openByIp(), '1.2.3.4');
    await buy('gen-dynamic-ip-by-ip-submit');
    fireEvent.click(await screen.findByTestId('gen-dynamic-ip-result-copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('gw.example.test:8000:user1:pass1'));
  });
});

describe('results on a phone, without a clipboard', () => {
  it('shows each proxy wrapped with its details and offers the text to copy by hand', async () => {
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 390 });
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: undefined });
    document.execCommand = () => false;
    serveGenerators();
    try {
      renderPanel(<DynamicIpGenerator />);
      typeInto(await openByIp(), '1.2.3.*');
      await buy('gen-dynamic-ip-by-ip-submit');
      const result = await screen.findByTestId('gen-dynamic-ip-result');
      // One column on a phone: no protocol or place header, the details under the proxy.
      expect(within(result).queryByText('Protocol')).toBeNull();
      // A proxy by IP exits where its address is (named, never its city key), and lives a day.
      expect(
        within(result).getByText(/^HTTP · New York, NY, United States · \d{4}-\d\d-\d\d \d\d:\d\d$/),
      ).toBeTruthy();
      fireEvent.click(within(result).getByTestId('gen-dynamic-ip-result-copy-all'));
      const fallback = (await screen.findByTestId('generated-copy-fallback')) as HTMLTextAreaElement;
      expect(fallback.value).toBe('gw.example.test:8000:user1:pass1');
      expect(
        screen.getAllByText('The clipboard is not supported here; copy the text below').length,
      ).toBeGreaterThan(0);
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: 1024 });
    }
  });
});

describe('count limits', () => {
  it('accepts 1 to 1000 whole proxies and posts nothing otherwise', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicIpGenerator />);
    await choose('gen-dynamic-ip-by-area-country', 'Germany');
    const count = inputOf('gen-dynamic-ip-by-area-count');
    const submit = screen.getByTestId('gen-dynamic-ip-by-area-submit');

    typeInto(count, '1001');
    fireEvent.click(submit);
    expect(await screen.findByText('The quantity is at most 1000')).toBeTruthy();

    typeInto(count, '0');
    fireEvent.click(submit);
    expect(await screen.findByText('The quantity is at least 1')).toBeTruthy();

    typeInto(count, '');
    fireEvent.click(submit);
    expect(await screen.findByText('Please enter the quantity')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_area')).toHaveLength(0);
    // An invalid count prices nothing.
    expect(screen.getByTestId('gen-dynamic-ip-by-area-price-total').textContent).toBe('—');
  });
});

describe('DynamicTrafficGenerator, regional', () => {
  const openRegional = async () => {
    fireEvent.click(await screen.findByTestId('gen-dynamic-traffic-tab-regional'));
    await screen.findByTestId('gen-dynamic-traffic-regional-country');
  };

  it('requires a country', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicTrafficGenerator />);
    await openRegional();
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-submit'));
    expect(await screen.findByText('Please choose a country')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/traffic')).toHaveLength(0);
  });

  it('route type budget offers lines 3 and 4; line 3 serves countries only: the state is cleared and locked', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicTrafficGenerator />);
    await openRegional();
    await choose('gen-dynamic-traffic-regional-country', 'United States');
    await choose('gen-dynamic-traffic-regional-state', 'New York');
    await waitFor(() =>
      expect(
        screen.getByTestId('gen-dynamic-traffic-regional-state').closest('.ant-select')?.textContent,
      ).toContain('New York'),
    );
    await waitFor(() =>
      expect(screen.getByTestId('gen-dynamic-traffic-regional-price-unit').textContent).toBe('5.00 PTC / GB'),
    );
    // Premier routes are lines 1 and 2.
    expect(screen.queryByTestId('gen-dynamic-traffic-regional-line-3')).toBeNull();
    expect(screen.getByTestId('gen-dynamic-traffic-regional-line-2')).toBeTruthy();

    // Budget with a state chosen takes line 4, the budget node that serves states.
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-route-budget'));
    await waitFor(() =>
      expect(screen.getByTestId('gen-dynamic-traffic-regional-price-unit').textContent).toBe('1.50 PTC / GB'),
    );
    expect(screen.queryByTestId('gen-dynamic-traffic-regional-line-1')).toBeNull();
    expect(
      screen.getByTestId('gen-dynamic-traffic-regional-line-4').closest('.ant-radio-button-wrapper')
        ?.className,
    ).toContain('ant-radio-button-wrapper-checked');

    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-line-3'));
    await waitFor(() =>
      expect(screen.getByTestId('gen-dynamic-traffic-regional-price-unit').textContent).toBe('3.00 PTC / GB'),
    );
    expect(
      screen.getAllByText('Line 3 serves whole countries only, without a state or city').length,
    ).toBeGreaterThan(0);
    const state = screen.getByTestId('gen-dynamic-traffic-regional-state');
    const stateRoot = (state.closest('.ant-select') ?? state) as HTMLElement;
    expect(stateRoot.className).toContain('ant-select-disabled');
    expect(stateRoot.textContent).not.toContain('New York');
    expect(stateRoot.textContent).toContain('Any state');

    typeInto(inputOf('gen-dynamic-traffic-regional-count'), '5');
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/dynamic/traffic')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/traffic')[0]?.body).toEqual({
      count: '5',
      protocol: 'http',
      country: 'US',
      route: 'budget',
      line: '3',
      rotation: 'false',
    });
    expect(await screen.findAllByTestId('gen-dynamic-traffic-result-line')).toHaveLength(5);
  });

  it('offers automatic rotation in the United States and Taiwan only', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicTrafficGenerator />);
    await openRegional();
    const rotation = () => screen.getByTestId('gen-dynamic-traffic-regional-rotation') as HTMLButtonElement;
    expect(rotation().disabled).toBe(true);
    await choose('gen-dynamic-traffic-regional-country', 'Germany');
    expect(rotation().disabled).toBe(true);
    await choose('gen-dynamic-traffic-regional-country', 'Taiwan');
    await waitFor(() => expect(rotation().disabled).toBe(false));
    fireEvent.click(rotation());
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-line-2'));
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/dynamic/traffic')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/traffic')[0]?.body).toMatchObject({
      country: 'TW',
      route: 'premier',
      line: '2',
      rotation: 'true',
    });
  });

  it('after 3002 offers the charge page', async () => {
    serveGenerators({ balance: '0' });
    const onGenerated = vi.fn();
    renderPanel(<DynamicTrafficGenerator onGenerated={onGenerated} />);
    await openRegional();
    await choose('gen-dynamic-traffic-regional-country', 'Germany');
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-regional-submit'));
    const alert = await screen.findByTestId('gen-dynamic-traffic-failure-balance');
    expect(within(alert).getByText('Insufficient balance, please top up')).toBeTruthy();
    expect(within(alert).getByTestId('gen-dynamic-traffic-top-up').textContent).toBe('Top up');
    expect(onGenerated).not.toHaveBeenCalled();
  });
});

describe('the area pickers in Russian', () => {
  afterEach(() => changeLocale('en-US'));

  it('names cities from CLDR and finds them by their Russian name (the server searches English ones)', async () => {
    const api = serveGenerators();
    await changeLocale('ru-RU');
    await loadCityNames('ru-RU');
    renderPanel(<DynamicTrafficGenerator />);
    fireEvent.click(await screen.findByTestId('gen-dynamic-traffic-tab-regional'));
    await choose('gen-dynamic-traffic-regional-country', 'Соединенные Штаты');
    await choose('gen-dynamic-traffic-regional-state', 'New York');
    const city = await waitFor(() => {
      const input = inputOf('gen-dynamic-traffic-regional-city');
      if (input.closest('.ant-select-disabled')) throw new Error('the city picker is disabled');
      return input;
    });
    fireEvent.mouseDown(city);
    typeInto(city, 'Нью');
    await choose('gen-dynamic-traffic-regional-city', 'Нью-Йорк');
    const keywords = api
      .callsTo('GET', '/proxy/area/cities')
      .map((call) => call.query.get('keyword'))
      .filter(Boolean);
    expect(keywords).toEqual([]);
  });
});

describe('DynamicTrafficGenerator, universal', () => {
  it('generates at country level without a country, and needs a state or city at state/city level', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicTrafficGenerator />);
    await screen.findByTestId('gen-dynamic-traffic-universal-form');
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-universal-precision-city'));
    await choose('gen-dynamic-traffic-universal-country', 'United States');
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-universal-submit'));
    expect(await screen.findByText('Choose a state or a city')).toBeTruthy();
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/common/traffic')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-universal-precision-country'));
    fireEvent.click(screen.getByTestId('gen-dynamic-traffic-universal-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/dynamic/common/traffic')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/common/traffic')[0]?.body).toEqual({
      precision: 'country',
      count: '1',
      protocol: 'http',
      country: 'US',
    });
  });
});

describe('StaticIpGenerator', () => {
  it('prices type, days and count before purchase and posts them with auto renew', async () => {
    const api = serveGenerators();
    renderPanel(<StaticIpGenerator />);
    const total = () => screen.getByTestId('gen-static-ip-price-total').textContent;
    await screen.findByTestId('gen-static-ip-form');
    typeInto(inputOf('gen-static-ip-count'), '2');
    await waitFor(() => expect(total()).toBe('15.98 PTC'));
    expect(screen.getByTestId('gen-static-ip-price-unit').textContent).toBe('7.99 PTC / 30 days');

    fireEvent.click(screen.getByTestId('gen-static-ip-days-1'));
    await waitFor(() => expect(total()).toBe('1.00 PTC'));
    fireEvent.click(screen.getByTestId('gen-static-ip-type-datacenter'));
    await waitFor(() => expect(total()).toBe('0.50 PTC'));
    expect(screen.getByTestId('gen-static-ip-price-unit').textContent).toBe('0.25 PTC / day');
    expect(api.callsTo('GET', '/proxy/area/countries').at(-1)?.query.get('use_in')).toBe(
      'static_datacenter_ip',
    );

    fireEvent.click(screen.getByTestId('gen-static-ip-submit'));
    expect(await screen.findByText('Please choose a country')).toBeTruthy();
    await choose('gen-static-ip-country', 'Germany');
    fireEvent.click(screen.getByTestId('gen-static-ip-auto-renew'));
    await buy('gen-static-ip-submit');
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/static/ip')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/static/ip')[0]?.body).toEqual({
      count: '2',
      protocol: 'http',
      type: 'datacenter',
      country: 'DE',
      days: '1',
      auto_renew: 'true',
    });
  });
});

describe('purchase confirmation', () => {
  it('shows the price of a static IP purchase before charging, and charges nothing when cancelled', async () => {
    const api = serveGenerators();
    renderPanel(<StaticIpGenerator />);
    await screen.findByTestId('gen-static-ip-form');
    typeInto(inputOf('gen-static-ip-count'), '2');
    await choose('gen-static-ip-country', 'Germany');
    fireEvent.click(screen.getByTestId('gen-static-ip-submit'));
    const confirm = await screen.findByTestId('gen-static-ip-confirm');
    expect(confirm.textContent).toContain('2 × 7.99 PTC / 30 days');
    expect(screen.getAllByText('Buy for 15.98 PTC?').length).toBeGreaterThan(0);
    expect(screen.getByTestId('gen-confirm-pay').textContent).toBe('Pay 15.98 PTC');
    fireEvent.click(screen.getByText('Cancel'));
    await waitFor(() => expect(screen.queryAllByTestId('gen-confirm-pay')).toHaveLength(0));
    expect(api.callsTo('POST', '/proxy/proxy/static/ip')).toHaveLength(0);
  });

  it('asks before buying dynamic IPs, and buys them once confirmed', async () => {
    const api = serveGenerators();
    renderPanel(<DynamicIpGenerator />);
    typeInto(await openByIp(), '1.2.3.4');
    fireEvent.click(screen.getByTestId('gen-dynamic-ip-by-ip-submit'));
    const pay = await screen.findByTestId('gen-confirm-pay');
    expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip')).toHaveLength(0);
    expect(pay.textContent).toMatch(/^Pay \d+\.\d\d PTC$/);
    fireEvent.click(pay);
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/dynamic/ip/by_ip')).toHaveLength(1));
  });
});

describe('StaticIpGenerator, chosen addresses', () => {
  it('searches the store on request, reports the search limit (4010) and buys the picked addresses', async () => {
    const api = serveGenerators({ staticSearchesLeft: 1 });
    renderPanel(<StaticIpGenerator />);
    await screen.findByTestId('gen-static-ip-form');
    fireEvent.click(screen.getByTestId('gen-static-ip-pick'));
    fireEvent.click(await screen.findByTestId('gen-static-ip-submit'));
    expect(await screen.findByText('Choose at least one address')).toBeTruthy();
    expect(api.callsTo('GET', '/proxy/store/static')).toHaveLength(0);

    // The server's form asks for the country even with picked addresses (staticIpRequestSchema).
    await choose('gen-static-ip-country', 'United States');
    typeInto(screen.getByTestId('gen-static-ip-store-ip'), '203.0.113');
    fireEvent.click(screen.getByTestId('gen-static-ip-store-search'));
    const store = await screen.findByTestId('gen-static-ip-store');
    await within(store).findByText('203.0.113.12');
    expect(Object.fromEntries(api.callsTo('GET', '/proxy/store/static')[0]?.query ?? [])).toEqual({
      type: 'residential',
      country: 'US',
      ip: '203.0.113',
      page_size: '100',
    });
    const rowBox = (ip: string) =>
      within(store).getByText(ip).closest('tr')?.querySelector('input[type="checkbox"]') as HTMLInputElement;
    fireEvent.click(rowBox('203.0.113.11'));
    fireEvent.click(rowBox('203.0.113.13'));
    await waitFor(() =>
      expect(screen.getByTestId('gen-static-ip-price-total').textContent).toBe('15.98 PTC'),
    );
    expect(screen.getByText('2 chosen')).toBeTruthy();

    // The day's last search is spent: the next one is refused, and the picks stay.
    fireEvent.click(screen.getByTestId('gen-static-ip-store-search'));
    const limit = await screen.findByTestId('gen-static-ip-store-failure-search-limit');
    expect(
      within(limit).getByText('Buying a residential static proxy restores them.', { exact: false }),
    ).toBeTruthy();

    await buy('gen-static-ip-submit');
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/static/ip')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/static/ip')[0]?.body).toEqual({
      count: '2',
      exit_ids: '11,13',
      protocol: 'http',
      type: 'residential',
      country: 'US',
      days: '30',
      auto_renew: 'false',
    });
    const result = await screen.findByTestId('gen-static-ip-result');
    expect(within(result).getByTestId('gen-static-ip-result-charged').textContent).toBe(
      'Charged 15.98 PTC, balance 84.02 PTC',
    );
  });
});

describe('StaticTrafficGenerator', () => {
  it('shows the per-GB price of the type and posts type and place', async () => {
    const api = serveGenerators();
    renderPanel(<StaticTrafficGenerator />);
    await screen.findByTestId('gen-static-traffic-form');
    await waitFor(() =>
      expect(screen.getByTestId('gen-static-traffic-price-unit').textContent).toBe('5.00 PTC / GB'),
    );
    fireEvent.click(screen.getByTestId('gen-static-traffic-type-datacenter'));
    await waitFor(() =>
      expect(screen.getByTestId('gen-static-traffic-price-unit').textContent).toBe('1.00 PTC / GB'),
    );
    await choose('gen-static-traffic-country', 'United States');
    await choose('gen-static-traffic-city', 'New York');
    fireEvent.click(screen.getByTestId('gen-static-traffic-submit'));
    await waitFor(() => expect(api.callsTo('POST', '/proxy/proxy/static/traffic')).toHaveLength(1));
    expect(api.callsTo('POST', '/proxy/proxy/static/traffic')[0]?.body).toEqual({
      count: '1',
      protocol: 'http',
      type: 'datacenter',
      country: 'US',
      city: 'newyork',
    });
  });
});
