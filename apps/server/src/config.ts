import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  DEFAULT_EXTENSION_BYPASS,
  DOMAIN_USAGE_RETENTION_DEFAULT_DAYS,
  IP_ALLOWLIST_DEFAULTS,
  isGatewayHost,
  parseAbuseLimits,
  parsePtc,
  REPLACEMENT_DEFAULTS,
  SUB_USERS_MAX_DEFAULT,
} from '@ptc/contracts';
import { SPEED_TEST_HOST } from '@ptc/gateway';
import { z } from 'zod';
import { readHelpContent } from './modules/help/help-content';

const port = (fallback: number) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, 'must be a whole number')
    .transform(Number)
    .refine((value) => value >= 1 && value <= 65_535, 'must be between 1 and 65535')
    .default(fallback);

/** At most this many targeting ports (each is a listening socket in every gateway process). */
const MAX_TARGET_PORTS = 1_000;

const httpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
  .transform((url) => url.replace(/\/+$/, ''));

const postgresUrl = z
  .string()
  .trim()
  .refine((value) => /^postgres(ql)?:\/\/.+/.test(value), 'must be a postgres:// or postgresql:// URL');

/** A PTC amount setting (`1`, `0.5`): micro-PTC, 0 to 1000 PTC. */
const ptcSetting = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((text) => /^\d{1,4}(\.\d{1,6})?$/.test(text), 'must be a PTC amount such as 1 or 0.5')
    .transform((text) => parsePtc(text))
    .refine((micro) => micro <= 1_000_000_000n, 'must be at most 1000 PTC');

/** Where browsers reach this server: `PUBLIC_URL` without a trailing slash, else localhost. */
const publicUrlOf = (env: { PUBLIC_URL?: string; PORT: number }) =>
  (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');

/** Environment variables the server reads (README "Configuration"). */
const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: port(8080),
    HOST: z.string().trim().min(1).default('localhost'),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: postgresUrl.optional(),
    PUBLIC_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** What a proxy speed test fetches through the gateway (default: this server's /health). */
    SPEEDTEST_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** What the connect dialog's check fetches through a proxy: a page answering the caller's IP and country. */
    IP_CHECK_URL: z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default('https://ipinfo.io/json'),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    CONSOLE_DIR: z.string().trim().min(1).optional(),
    SMTP_URL: z
      .string()
      .trim()
      .refine((value) => /^smtps?:\/\/.+/.test(value), 'must be an smtp:// or smtps:// URL')
      .optional(),
    MAIL_FROM: z.string().trim().min(3).default('PTC Proxy Console <no-reply@localhost>'),
    SMS_PROVIDER: z.enum(['outbox', 'twilio']).default('outbox'),
    TWILIO_ACCOUNT_SID: z.string().trim().min(1).optional(),
    TWILIO_AUTH_TOKEN: z.string().trim().min(1).optional(),
    TWILIO_FROM: z.string().trim().min(1).optional(),
    TWILIO_API_URL: httpUrl.default('https://api.twilio.com'),
    GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
    GOOGLE_ISSUER: httpUrl.default('https://accounts.google.com'),
    GITHUB_CLIENT_ID: z.string().trim().min(1).optional(),
    GITHUB_CLIENT_SECRET: z.string().trim().min(1).optional(),
    GITHUB_OAUTH_URL: httpUrl.default('https://github.com'),
    GITHUB_API_URL: httpUrl.default('https://api.github.com'),
    CAPTCHA_FIXED: z
      .string()
      .trim()
      .regex(/^\d{4}$/, 'must be 4 digits')
      .optional(),
    EMAIL_BLOCKLIST: z.string().trim().optional(),
    ALLOW_SANDBOX_ADAPTERS: z.enum(['true', 'false']).default('false'),
    TRUST_PROXY: z.enum(['true', 'false']).default('false'),
    TOPUP_PACKAGES: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,2})?(\s*,\s*\d+(\.\d{1,2})?)*$/, 'must be comma-separated amounts, e.g. 10,50,200')
      .default('10,20,50,100,200,500,1000,2000'),
    ORDER_TTL_MINUTES: z.coerce
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60)
      .default(30),
    CNY_PER_USD: z
      .string()
      .trim()
      .regex(/^\d+(\.\d{1,6})?$/, 'must be a decimal rate, e.g. 7.2')
      .default('7.2'),
    /** The first owner, created on a start with no operator at all (then remove these). */
    OPERATOR_BOOTSTRAP_EMAIL: z.email({ error: 'must be an email address' }).optional(),
    OPERATOR_BOOTSTRAP_PASSWORD: z.string().min(12, 'must be at least 12 characters').optional(),
    STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
    STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
    STRIPE_API_URL: httpUrl.optional(),
    ALIPAY_APP_ID: z.string().trim().min(1).optional(),
    ALIPAY_PRIVATE_KEY: z.string().trim().min(1).optional(),
    ALIPAY_PUBLIC_KEY: z.string().trim().min(1).optional(),
    ALIPAY_GATEWAY: httpUrl.default('https://openapi.alipay.com/gateway.do'),
    WECHAT_MCH_ID: z.string().trim().min(1).optional(),
    WECHAT_APP_ID: z.string().trim().min(1).optional(),
    WECHAT_API_V3_KEY: z.string().trim().length(32, 'must be the 32-character APIv3 key').optional(),
    WECHAT_MCH_SERIAL: z.string().trim().min(1).optional(),
    WECHAT_MCH_PRIVATE_KEY: z.string().trim().min(1).optional(),
    WECHAT_PLATFORM_PUBLIC_KEY: z.string().trim().min(1).optional(),
    WECHAT_PLATFORM_SERIAL: z.string().trim().min(1).optional(),
    WECHAT_API_URL: httpUrl.default('https://api.mch.weixin.qq.com'),
    EPAY_URL: httpUrl.optional(),
    EPAY_PID: z.string().trim().min(1).optional(),
    EPAY_KEY: z.string().trim().min(1).optional(),
    USDT_ADDRESS: z
      .string()
      .trim()
      .regex(/^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'must be a TRON (TRC20) address')
      .optional(),
    TRONGRID_API_URL: httpUrl.default('https://api.trongrid.io'),
    TRONGRID_API_KEY: z.string().trim().min(1).optional(),
    USDT_CONFIRMATIONS: z.coerce.number().int().min(1).max(100).default(19),
    WIRE_INSTRUCTIONS: z.string().trim().min(1).optional(),
    GATEWAY_ENABLED: z.enum(['true', 'false']).default('true'),
    GATEWAY_PORT: port(8000),
    GATEWAY_HOST: z.string().trim().min(1).optional(),
    GATEWAY_PUBLIC_HOST: z.string().trim().min(1).optional(),
    /** Hosts customers may choose for their connection details, comma separated; the first is the default. */
    GATEWAY_PUBLIC_HOSTS: z
      .string()
      .trim()
      .transform((text) =>
        text
          .split(',')
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine((list) => list.length > 0 && list.length <= 20, 'must list 1 to 20 hosts')
      .refine((list) => list.every(isGatewayHost), 'must be host names or addresses, without port')
      .refine((list) => new Set(list).size === list.length, 'must not repeat a host')
      .optional(),
    GATEWAY_LISTENERS: z
      .string()
      .trim()
      .regex(
        /^((http|socks5|auto):\d{1,5})(\s*,\s*(http|socks5|auto):\d{1,5})*$/,
        'must be like socks5:1080,http:3128',
      )
      .optional(),
    /**
     * Extra gateway ports (HTTP and SOCKS5 auto-detected on each) for the IP allow-list's
     * targeting by port (issue #21): ports and ranges, comma separated, e.g. `10000-10099`.
     */
    GATEWAY_TARGET_PORTS: z
      .string()
      .trim()
      .regex(/^\d{1,5}(-\d{1,5})?(\s*,\s*\d{1,5}(-\d{1,5})?)*$/, 'must be ports or ranges, like 10000-10099')
      .transform((text, context) => {
        const ports: number[] = [];
        for (const item of text.split(',')) {
          const [first, last = first] = item.trim().split('-').map(Number) as [number, number?];
          if (first < 1 || last > 65_535 || first > last) {
            context.addIssue({
              code: 'custom',
              message: `${item.trim()}: ports go from 1 to 65535, low to high`,
            });
            return z.NEVER;
          }
          for (let port = first; port <= last && ports.length <= MAX_TARGET_PORTS; port += 1)
            ports.push(port);
        }
        if (ports.length > MAX_TARGET_PORTS) {
          context.addIssue({ code: 'custom', message: `must list at most ${MAX_TARGET_PORTS} ports` });
          return z.NEVER;
        }
        if (new Set(ports).size !== ports.length) {
          context.addIssue({ code: 'custom', message: 'must not repeat a port' });
          return z.NEVER;
        }
        return ports;
      })
      .optional(),
    GATEWAY_ALLOWED_PORTS: z
      .string()
      .trim()
      .regex(/^\d{1,5}(\s*,\s*\d{1,5})*$/, 'must be comma-separated ports')
      .default('80,443,8080,8443'),
    GATEWAY_ALLOW_PRIVATE_TARGETS: z.string().trim().optional(),
    GATEWAY_MAX_CONNECTIONS: z.coerce.number().int().min(1).default(10_000),
    GATEWAY_MAX_CONNECTIONS_PER_PROXY: z.coerce.number().int().min(1).default(1_000),
    GATEWAY_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
    GATEWAY_RELAY: z.enum(['auto', 'splice', 'stream']).default('auto'),
    GATEWAY_CREDIT_TTL_SECONDS: z.coerce.number().int().min(3).max(3_600).default(30),
    /** How often the gateway writes the usage it counted (and renews its credit holds). */
    GATEWAY_FLUSH_INTERVAL_MS: z.coerce.number().int().min(100).max(60_000).default(2_000),
    DEMO_SUPPLY: z.enum(['true', 'false']).optional(),
    /** What a supply health check fetches through each exit (an http:// URL answering 2xx/3xx). */
    SUPPLY_PROBE_URL: z
      .url({ protocol: /^http$/, error: 'must be an http:// URL' })
      .default('http://www.gstatic.com/generate_204'),
    SUPPLY_PROBE_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(10_000),
    /** How often every upstream exit is checked; 0 turns the scheduled check off. */
    SUPPLY_CHECK_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
    /** Bearer token of the Prometheus scraper at `/metrics` (no endpoint without it). */
    METRICS_TOKEN: z.string().trim().min(24, 'must be at least 24 characters').optional(),
    /** Requests per minute one API key may make on the public API (101, HTTP 429 beyond). */
    API_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(600),
    /** Where the built browser extension is (default apps/extension/dist); `GET /proxy/browser/plugin` zips it. */
    EXTENSION_DIR: z.string().trim().min(1).optional(),
    /** Hosts the extension never proxies, comma separated (`<local>`, hosts, CIDR blocks); may be empty. */
    EXTENSION_BYPASS: z
      .string()
      .max(4_000)
      .optional()
      .transform((text) =>
        text === undefined
          ? [...DEFAULT_EXTENSION_BYPASS]
          : text
              .split(',')
              .map((entry) => entry.trim())
              .filter(Boolean),
      )
      .refine(
        (list) => list.every((entry) => /^[\x21-\x7e]{1,255}$/.test(entry)),
        'must be printable host patterns',
      ),
    /** Store pages of the extension the download page links to (optional). */
    EXTENSION_STORE_CHROME: httpUrl.optional(),
    EXTENSION_STORE_EDGE: httpUrl.optional(),
    EXTENSION_STORE_360: httpUrl.optional(),
    /** Remote PCs (issue #19): `local` desktops on this host, or `none` (not offered). */
    VM_PROVIDER: z.enum(['local', 'none']).default('local'),
    /** Remote PCs this host runs at once (4002 beyond). */
    VM_HOST_CAPACITY: z.coerce.number().int().min(0).max(10_000).default(2),
    /** Remote PCs one customer may hold, not counting failed or released ones (20003 beyond). */
    VM_CUSTOMER_LIMIT: z.coerce.number().int().min(0).max(10_000).default(3),
    /** Set by the operator to stop new remote PCs (20002); the others keep working. */
    VM_CREATION_SUSPENDED: z.enum(['true', 'false', '1', '0']).optional(),
    /**
     * Offer local remote PCs even where they cannot be isolated from this host (no root, no
     * mount namespaces, no iptables): their browser could then read the server's files and reach
     * its loopback services. For a host whose only customers are trusted.
     */
    VM_LOCAL_UNISOLATED: z.enum(['true', 'false', '1', '0']).optional(),
    /** The first page of the remote PCs' Chromium (default about:blank). */
    VM_HOME_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
    /** The operator's connection-help content (JSON, README "Connection help"), validated at start. */
    HELP_CONTENT_FILE: z
      .string()
      .trim()
      .optional()
      .transform((path, context) => {
        const read = readHelpContent(path);
        if ('content' in read) return read.content;
        for (const problem of read.problems) context.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }),
    /** The help centre's address in the customer menu (issue #20); unset: no such entry. */
    HELP_CENTER_URL: httpUrl.optional(),
    /** The sister AI product's sign-in address in the customer menu (issue #20); unset: no such entry. */
    SISTER_AI_URL: httpUrl.optional(),
    /** A partner page the invitation programme shows in a frame instead of the console's own (https). */
    INVITATION_PAGE_URL: z.url({ protocol: /^https$/, error: 'must be an https URL' }).optional(),
    /** The referral reward in PTC, paid once per referee on their first top-up (0: none). */
    REFERRAL_REWARD_PTC: ptcSetting('1'),
    /** The smallest first top-up, in PTC, that earns the referrer the reward. */
    REFERRAL_MIN_TOP_UP_PTC: ptcSetting('10'),
    /** The daily sign-in reward in PTC (README "Rewards"; 0: sign-ins earn nothing). */
    DAILY_SIGNIN_REWARD_PTC: ptcSetting('0.01'),
    /** Accounts one client address may earn the sign-in or survey reward for per day (0: none). */
    REWARD_ACCOUNTS_PER_ADDRESS: z.coerce.number().int().min(0).max(10_000).default(3),
    /** IP allow-list entries one account may have (issue #21, README "IP allow-list"; 0: none). */
    IP_ALLOWLIST_MAX_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(0)
      .max(1000)
      .default(IP_ALLOWLIST_DEFAULTS.MAX_PER_ACCOUNT),
    /** Whether loopback, private and other reserved ranges may be allow-listed (tests, private networks). */
    IP_ALLOWLIST_ALLOW_PRIVATE: z.enum(['true', 'false']).default('false'),
    /** Static address replacements (issue #21) per proxy, and per account, in the period (0: none). */
    REPLACEMENTS_PER_PROXY: z.coerce.number().int().min(0).max(1000).default(REPLACEMENT_DEFAULTS.PER_PROXY),
    REPLACEMENTS_PER_ACCOUNT: z.coerce
      .number()
      .int()
      .min(0)
      .max(100_000)
      .default(REPLACEMENT_DEFAULTS.PER_ACCOUNT),
    /** The rolling period of those limits, in days. */
    REPLACEMENT_PERIOD_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(365)
      .default(REPLACEMENT_DEFAULTS.PERIOD_DAYS),
    /** How long an address replaced as blocked stays out of the pool, in hours (0: back at once). */
    REPLACEMENT_QUARANTINE_HOURS: z.coerce
      .number()
      .int()
      .min(0)
      .max(24 * 365)
      .default(REPLACEMENT_DEFAULTS.QUARANTINE_HOURS),
    /** Live sub-users one account may have (issue #21, README "Sub-users"). */
    SUB_USERS_MAX_PER_ACCOUNT: z.coerce.number().int().min(0).max(10_000).default(SUB_USERS_MAX_DEFAULT),
    /** Days per-domain usage is kept (issue #21, README "Per-domain usage"). */
    DOMAIN_USAGE_RETENTION_DAYS: z.coerce
      .number()
      .int()
      .min(1)
      .max(3_650)
      .default(DOMAIN_USAGE_RETENTION_DEFAULT_DAYS),
    /** Overrides of the per-address abuse limits: `NAME=points/seconds, …`. */
    ABUSE_LIMITS: z
      .string()
      .trim()
      .default('')
      .transform((text, context) => {
        const parsed = parseAbuseLimits(text);
        if ('limits' in parsed) return parsed.limits;
        context.addIssue({ code: 'custom', message: parsed.problem });
        return z.NEVER;
      }),
  })
  .superRefine((env, context) => {
    const production = env.NODE_ENV === 'production';
    const problem = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (
      env.GATEWAY_PUBLIC_HOST &&
      env.GATEWAY_PUBLIC_HOSTS &&
      env.GATEWAY_PUBLIC_HOSTS[0] !== env.GATEWAY_PUBLIC_HOST
    ) {
      problem('GATEWAY_PUBLIC_HOSTS', 'must start with GATEWAY_PUBLIC_HOST (the default) when both are set');
    }
    // A field that failed its own check arrives here unparsed: check the clash of parsed ports only.
    if (Array.isArray(env.GATEWAY_TARGET_PORTS)) {
      const taken = new Set([
        Number(env.GATEWAY_PORT),
        Number(env.PORT),
        ...(env.GATEWAY_LISTENERS ?? '').split(',').map((entry) => Number(entry.split(':')[1])),
      ]);
      const clash = env.GATEWAY_TARGET_PORTS.find((port) => taken.has(port));
      if (clash !== undefined) {
        problem(
          'GATEWAY_TARGET_PORTS',
          `port ${clash} is already PORT, GATEWAY_PORT or in GATEWAY_LISTENERS`,
        );
      }
    }
    if (production && env.CAPTCHA_FIXED) problem('CAPTCHA_FIXED', 'is refused when NODE_ENV=production');
    if (production && env.GATEWAY_ALLOW_PRIVATE_TARGETS) {
      problem('GATEWAY_ALLOW_PRIVATE_TARGETS', 'is refused when NODE_ENV=production');
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM'] as const) {
        if (!env[name]) problem(name, 'is required when SMS_PROVIDER=twilio');
      }
    }
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET)) {
      problem('GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET go together');
    }
    if (Boolean(env.GITHUB_CLIENT_ID) !== Boolean(env.GITHUB_CLIENT_SECRET)) {
      problem('GITHUB_CLIENT_SECRET', 'GITHUB_CLIENT_ID and GITHUB_CLIENT_SECRET go together');
    }
    const together = (names: readonly (keyof typeof env)[], what: string) => {
      const given = names.filter((name) => Boolean(env[name]));
      if (given.length > 0 && given.length < names.length) {
        for (const name of names.filter((n) => !env[n]))
          problem(String(name), `is required to enable ${what}`);
      }
    };
    together(['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'], 'Stripe');
    together(['ALIPAY_APP_ID', 'ALIPAY_PRIVATE_KEY', 'ALIPAY_PUBLIC_KEY'], 'Alipay');
    together(
      [
        'WECHAT_MCH_ID',
        'WECHAT_APP_ID',
        'WECHAT_API_V3_KEY',
        'WECHAT_MCH_SERIAL',
        'WECHAT_MCH_PRIVATE_KEY',
        'WECHAT_PLATFORM_PUBLIC_KEY',
        'WECHAT_PLATFORM_SERIAL',
      ],
      'WeChat Pay',
    );
    together(['EPAY_URL', 'EPAY_PID', 'EPAY_KEY'], 'the epay aggregator');
    together(['OPERATOR_BOOTSTRAP_EMAIL', 'OPERATOR_BOOTSTRAP_PASSWORD'], 'the first operator');
    // Sandbox adapters keep messages in the outbox, which production must not rely on.
    if (production && env.ALLOW_SANDBOX_ADAPTERS !== 'true') {
      if (!env.SMTP_URL)
        problem('SMTP_URL', 'is required when NODE_ENV=production (or set ALLOW_SANDBOX_ADAPTERS=true)');
      if (env.SMS_PROVIDER === 'outbox') {
        problem(
          'SMS_PROVIDER',
          'must name a real provider when NODE_ENV=production (or set ALLOW_SANDBOX_ADAPTERS=true)',
        );
      }
    }
  })
  .transform((env) => ({
    nodeEnv: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    publicUrl: publicUrlOf(env),
    /**
     * What a proxy speed test fetches through the gateway: `SPEEDTEST_URL`, else 1 MiB from the
     * gateway's own speed-test target (answered by the gateway; a loopback or private URL would be
     * refused by its SSRF guard, 4009).
     */
    speedTestUrl: env.SPEEDTEST_URL ?? `http://${SPEED_TEST_HOST}/bytes/1048576`,
    /** What a proxy check fetches through the gateway: JSON with the caller's `ip` and `country` (ipinfo.io's shape). */
    ipCheckUrl: env.IP_CHECK_URL,
    logLevel: env.LOG_LEVEL,
    // src/ and dist/ sit at the same depth, so one relative path serves both.
    consoleDir: resolve(env.CONSOLE_DIR ?? fileURLToPath(new URL('../../console/dist', import.meta.url))),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    sms:
      env.SMS_PROVIDER === 'twilio'
        ? {
            provider: 'twilio' as const,
            accountSid: env.TWILIO_ACCOUNT_SID ?? '',
            authToken: env.TWILIO_AUTH_TOKEN ?? '',
            from: env.TWILIO_FROM ?? '',
            apiUrl: env.TWILIO_API_URL,
          }
        : { provider: 'outbox' as const },
    oauth: {
      google:
        env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
          ? {
              clientId: env.GOOGLE_CLIENT_ID,
              clientSecret: env.GOOGLE_CLIENT_SECRET,
              issuer: env.GOOGLE_ISSUER,
            }
          : undefined,
      github:
        env.GITHUB_CLIENT_ID && env.GITHUB_CLIENT_SECRET
          ? {
              clientId: env.GITHUB_CLIENT_ID,
              clientSecret: env.GITHUB_CLIENT_SECRET,
              oauthUrl: env.GITHUB_OAUTH_URL,
              apiUrl: env.GITHUB_API_URL,
            }
          : undefined,
    },
    /** Every captcha answers these digits (tests and scripted checks; never in production). */
    captchaFixed: env.CAPTCHA_FIXED,
    /** Lower-case domains and addresses refused at registration (answer 2008). */
    emailBlocklist: (env.EMAIL_BLOCKLIST ?? '')
      .split(',')
      .map((entry) => entry.trim().toLowerCase())
      .filter(Boolean),
    payments: {
      /** Predefined top-up amounts in micro-PTC (SPEC §2 Charge packages). */
      packages: env.TOPUP_PACKAGES.split(',').map((amount) => parsePtc(amount.trim())),
      orderTtlMs: env.ORDER_TTL_MINUTES * 60_000,
      /** CNY per USD, in micro-CNY per PTC, for Alipay and WeChat Pay. */
      cnyPerUsd: parsePtc(env.CNY_PER_USD),
      stripe:
        env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
          ? {
              secretKey: env.STRIPE_SECRET_KEY,
              webhookSecret: env.STRIPE_WEBHOOK_SECRET,
              apiUrl: env.STRIPE_API_URL,
            }
          : undefined,
      alipay:
        env.ALIPAY_APP_ID && env.ALIPAY_PRIVATE_KEY && env.ALIPAY_PUBLIC_KEY
          ? {
              appId: env.ALIPAY_APP_ID,
              privateKey: env.ALIPAY_PRIVATE_KEY,
              alipayPublicKey: env.ALIPAY_PUBLIC_KEY,
              gateway: env.ALIPAY_GATEWAY,
            }
          : undefined,
      wechat:
        env.WECHAT_MCH_ID &&
        env.WECHAT_APP_ID &&
        env.WECHAT_API_V3_KEY &&
        env.WECHAT_MCH_SERIAL &&
        env.WECHAT_MCH_PRIVATE_KEY &&
        env.WECHAT_PLATFORM_PUBLIC_KEY &&
        env.WECHAT_PLATFORM_SERIAL
          ? {
              mchId: env.WECHAT_MCH_ID,
              appId: env.WECHAT_APP_ID,
              apiV3Key: env.WECHAT_API_V3_KEY,
              mchSerial: env.WECHAT_MCH_SERIAL,
              mchPrivateKey: env.WECHAT_MCH_PRIVATE_KEY,
              platformPublicKey: env.WECHAT_PLATFORM_PUBLIC_KEY,
              platformSerial: env.WECHAT_PLATFORM_SERIAL,
              apiUrl: env.WECHAT_API_URL,
            }
          : undefined,
      epay:
        env.EPAY_URL && env.EPAY_PID && env.EPAY_KEY
          ? { url: env.EPAY_URL, pid: env.EPAY_PID, key: env.EPAY_KEY }
          : undefined,
      usdt: env.USDT_ADDRESS
        ? {
            address: env.USDT_ADDRESS,
            trongridUrl: env.TRONGRID_API_URL,
            apiKey: env.TRONGRID_API_KEY,
            confirmations: env.USDT_CONFIRMATIONS,
          }
        : undefined,
      wireInstructions: env.WIRE_INSTRUCTIONS,
    },
    gateway: {
      enabled: env.GATEWAY_ENABLED === 'true',
      host: env.GATEWAY_HOST ?? env.HOST,
      port: env.GATEWAY_PORT,
      /** Host printed in the proxies customers are given (the default of {@link publicHosts}). */
      publicHost: env.GATEWAY_PUBLIC_HOSTS?.[0] ?? env.GATEWAY_PUBLIC_HOST ?? 'localhost',
      /** Hosts a customer may prefer (`GET`/`PUT /proxy/proxy/host`), the default first. */
      publicHosts: env.GATEWAY_PUBLIC_HOSTS ?? [env.GATEWAY_PUBLIC_HOST ?? 'localhost'],
      /** Extra single-protocol listeners. */
      listeners: (env.GATEWAY_LISTENERS ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean)
        .map((entry) => {
          const [protocol, portText] = entry.split(':');
          return { protocol: protocol as 'http' | 'socks5' | 'auto', port: Number(portText) };
        }),
      /** Ports whose allow-listed clients get the targeting of their entry's port rule (issue #21). */
      targetPorts: env.GATEWAY_TARGET_PORTS ?? [],
      allowedPorts: env.GATEWAY_ALLOWED_PORTS.split(',').map((port) => Number(port.trim())),
      /** Test-only: CIDRs the SSRF guard lets through (refused in production). */
      allowPrivateTargets: (env.GATEWAY_ALLOW_PRIVATE_TARGETS ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
      maxConnections: env.GATEWAY_MAX_CONNECTIONS,
      maxConnectionsPerProxy: env.GATEWAY_MAX_CONNECTIONS_PER_PROXY,
      /** How tunnels move bytes: splice(2) in the kernel where it can (`auto`), or Node.js streams. */
      relay: env.GATEWAY_RELAY,
      /** How long a gateway's credit holds outlive it when it stops renewing them (a crash). */
      creditTtlMs: env.GATEWAY_CREDIT_TTL_SECONDS * 1_000,
      /** How often usage is written to the database (and credit holds renewed). */
      flushIntervalMs: env.GATEWAY_FLUSH_INTERVAL_MS,
      /** Worker processes of the standalone gateway (`npm run gateway`). */
      workers: env.GATEWAY_WORKERS ?? (env.NODE_ENV === 'production' ? availableParallelism() : 1),
    },
    /** Seed the labelled demo supply of direct exits when there is no supply (default outside production). */
    demoSupply: (env.DEMO_SUPPLY ?? (env.NODE_ENV === 'production' ? 'false' : 'true')) === 'true',
    /** Supply health checks (README "Supply"): the probe, its time limit, the schedule. */
    supplyChecks: {
      probeUrl: env.SUPPLY_PROBE_URL,
      timeoutMs: env.SUPPLY_PROBE_TIMEOUT_MS,
      intervalMs: env.SUPPLY_CHECK_INTERVAL_SECONDS * 1_000,
    },
    /** Sandbox adapters (payments, …) may serve: always outside production, in it only when allowed. */
    allowSandboxAdapters: env.NODE_ENV !== 'production' || env.ALLOW_SANDBOX_ADAPTERS === 'true',
    /** The Prometheus scraper's token (`/metrics`); none: no endpoint. */
    metricsToken: env.METRICS_TOKEN,
    /** Per-client-address limits of the account calls (101, HTTP 429 beyond them). */
    abuseLimits: env.ABUSE_LIMITS,
    /** Requests per minute per API key on the public API, counted in the database (every process shares it). */
    apiRateLimit: env.API_RATE_LIMIT,
    /** The browser extension (issue #18): its built files, bypass list and store pages. */
    extension: {
      dir: resolve(env.EXTENSION_DIR ?? fileURLToPath(new URL('../../extension/dist', import.meta.url))),
      bypass: env.EXTENSION_BYPASS,
      stores: {
        chrome: env.EXTENSION_STORE_CHROME,
        edge: env.EXTENSION_STORE_EDGE,
        '360': env.EXTENSION_STORE_360,
      },
    },
    /** Remote PCs (issue #19): provider, limits, and the PCs' first page. */
    vms: {
      provider: env.VM_PROVIDER,
      hostCapacity: env.VM_HOST_CAPACITY,
      customerLimit: env.VM_CUSTOMER_LIMIT,
      creationSuspended: env.VM_CREATION_SUSPENDED === 'true' || env.VM_CREATION_SUSPENDED === '1',
      homeUrl: env.VM_HOME_URL,
      allowUnisolated: env.VM_LOCAL_UNISOLATED === 'true' || env.VM_LOCAL_UNISOLATED === '1',
    },
    /** Connection help (issue #20): the tools, apps and partners the console shows. */
    helpContent: env.HELP_CONTENT_FILE,
    /** The customer menu's external links (issue #20), served by `GET /proxy/menu_links`. */
    menuLinks: { helpCenter: env.HELP_CENTER_URL ?? null, sisterAi: env.SISTER_AI_URL ?? null },
    /** The invitation programme (issue #20): partner page, referral reward and its minimum top-up. */
    invitations: {
      pageUrl: env.INVITATION_PAGE_URL ?? null,
      referralReward: env.REFERRAL_REWARD_PTC,
      referralMinTopUp: env.REFERRAL_MIN_TOP_UP_PTC,
    },
    /** IP allow-list authentication (issue #21): entries per account, reserved ranges allowed. */
    ipAllowList: {
      maxPerAccount: env.IP_ALLOWLIST_MAX_PER_ACCOUNT,
      allowPrivate: env.IP_ALLOWLIST_ALLOW_PRIVATE === 'true',
    },
    /** Daily sign-in and survey rewards (issue #20): the sign-in amount and the per-address limit. */
    rewards: {
      dailySignIn: env.DAILY_SIGNIN_REWARD_PTC,
      accountsPerAddress: env.REWARD_ACCOUNTS_PER_ADDRESS,
    },
    /** Self-service replacement of static addresses (issue #21): limits, period, quarantine. */
    replacements: {
      perProxy: env.REPLACEMENTS_PER_PROXY,
      perAccount: env.REPLACEMENTS_PER_ACCOUNT,
      periodDays: env.REPLACEMENT_PERIOD_DAYS,
      quarantineHours: env.REPLACEMENT_QUARANTINE_HOURS,
    },
    /** Sub-users (issue #21): how many live ones an account may have. */
    subUsers: { maxPerAccount: env.SUB_USERS_MAX_PER_ACCOUNT },
    /** Per-domain usage (issue #21): how many days its hourly figures are kept. */
    domainUsage: { retentionDays: env.DOMAIN_USAGE_RETENTION_DAYS },
    /** The first owner, when no operator exists yet (README "Operators"). */
    operatorBootstrap:
      env.OPERATOR_BOOTSTRAP_EMAIL && env.OPERATOR_BOOTSTRAP_PASSWORD
        ? { email: env.OPERATOR_BOOTSTRAP_EMAIL, password: env.OPERATOR_BOOTSTRAP_PASSWORD }
        : null,
    /** Client addresses come from X-Forwarded-For (only behind a trusted reverse proxy). */
    trustProxy: env.TRUST_PROXY === 'true',
    /** Development helpers (outbox, dev mailbox) are served. */
    isDevToolsEnabled: env.NODE_ENV !== 'production',
  }));

/** Variables whose empty value means something (an empty list), not "unset". */
const KEPT_WHEN_EMPTY = new Set(['EXTENSION_BYPASS']);

/** Validated configuration of one server process. */
export type Config = z.output<typeof envSchema>;

/** Raised when the environment does not describe a valid configuration. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Reads and validates the configuration; empty variables count as unset. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const present = Object.fromEntries(
    Object.entries(env).filter(
      ([name, value]) => value !== undefined && (value !== '' || KEPT_WHEN_EMPTY.has(name)),
    ),
  );
  const result = envSchema.safeParse(present);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = issue.path.join('.');
      const given = present[name];
      return `${name}: ${issue.message}${given === undefined ? '' : ` (got ${JSON.stringify(given)})`}`;
    }),
  );
};
