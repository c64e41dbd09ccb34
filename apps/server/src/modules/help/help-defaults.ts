import type { HelpContentFile } from '@ptc/contracts';

/**
 * The connection-help content the console shows when the operator gives no `HELP_CONTENT_FILE`
 * (README "Connection help"), in the file's own format: each list the operator's file gives
 * replaces the list here. Links of our own tools and apps point at example.com until the operator
 * publishes real ones; the partners are real fingerprint browsers, their promo codes examples.
 */
export const DEFAULT_HELP_CONTENT = {
  tools: [
    {
      platform: 'windows',
      name: 'PTC Connect for Windows',
      version: '2.4.1',
      size: 48_234_496,
      url: 'https://downloads.example.com/ptc-connect/2.4.1/PTC-Connect-Setup-2.4.1.exe',
      released_at: '2026-10-12',
      notes: {
        'en-US':
          'Windows 10 or later, 64-bit. Routes every application, or only the ones you pick, through one of your proxies.',
        'zh-CN': '适用于 Windows 10 及以上 64 位系统。让所有应用或您选择的应用通过您的代理连接。',
        'ru-RU':
          'Windows 10 и новее, 64-бит. Направляет все приложения или только выбранные через один из ваших прокси.',
      },
    },
    {
      platform: 'macos',
      name: 'PTC Connect for macOS',
      version: '2.4.1',
      size: 61_865_984,
      url: 'https://downloads.example.com/ptc-connect/2.4.1/PTC-Connect-2.4.1-universal.dmg',
      released_at: '2026-10-12',
      notes: {
        'en-US': 'macOS 12 or later, Apple silicon and Intel.',
        'zh-CN': '适用于 macOS 12 及以上版本，支持 Apple 芯片与 Intel。',
        'ru-RU': 'macOS 12 и новее, Apple silicon и Intel.',
      },
    },
    {
      platform: 'linux',
      name: 'PTC Connect for Linux',
      version: '2.4.0',
      size: 39_321_600,
      url: 'https://downloads.example.com/ptc-connect/2.4.0/ptc-connect_2.4.0_amd64.AppImage',
      released_at: '2026-09-28',
      notes: {
        'en-US': 'AppImage for x86-64 distributions with glibc 2.31 or later.',
        'zh-CN': '适用于 glibc 2.31 及以上的 x86-64 发行版（AppImage）。',
        'ru-RU': 'AppImage для дистрибутивов x86-64 с glibc 2.31 и новее.',
      },
    },
    {
      platform: 'android',
      name: 'PTC Connect for Android',
      version: '1.9.3',
      size: 18_874_368,
      url: 'https://downloads.example.com/ptc-connect/android/PTC-Connect-1.9.3.apk',
      released_at: '2026-10-05',
      notes: {
        'en-US': 'Android 8.0 or later.',
        'zh-CN': '适用于 Android 8.0 及以上版本。',
        'ru-RU': 'Android 8.0 и новее.',
      },
    },
    {
      platform: 'ios',
      name: 'PTC Connect for iOS',
      version: '1.9.2',
      size: 27_262_976,
      url: 'https://apps.example.com/ios/ptc-connect',
      released_at: '2026-09-30',
      notes: {
        'en-US': 'iOS 15 or later, from App Stores outside mainland China.',
        'zh-CN': '适用于 iOS 15 及以上版本，请在中国大陆以外地区的 App Store 下载。',
        'ru-RU': 'iOS 15 и новее, из App Store за пределами материкового Китая.',
      },
    },
  ],
  mobile_apps: [
    {
      platform: 'ios',
      name: 'PTC Proxy',
      version: '3.2.0',
      kind: 'store',
      url: 'https://apps.example.com/ios/ptc-proxy',
      released_at: '2026-10-20',
      availability: {
        'en-US': 'App Store outside mainland China (not offered in the China store).',
        'zh-CN': '请使用中国大陆以外地区的 App Store 账号下载（中国区商店未上架）。',
        'ru-RU': 'App Store за пределами материкового Китая (в китайском магазине нет).',
      },
    },
    {
      platform: 'android',
      name: 'PTC Proxy',
      version: '3.2.1',
      kind: 'store',
      url: 'https://apps.example.com/android/ptc-proxy',
      released_at: '2026-10-22',
      availability: {
        'en-US': 'Google Play.',
        'zh-CN': 'Google Play 应用商店。',
        'ru-RU': 'Google Play.',
      },
    },
    {
      platform: 'android',
      name: 'PTC Proxy (APK)',
      version: '3.2.1',
      kind: 'apk',
      url: 'https://downloads.example.com/ptc-proxy/android/PTC-Proxy-3.2.1.apk',
      released_at: '2026-10-22',
      availability: {
        'en-US': 'Direct download for phones without Google Play.',
        'zh-CN': '直接下载，适用于没有 Google Play 的手机。',
        'ru-RU': 'Прямая загрузка для телефонов без Google Play.',
      },
    },
  ],
  fingerprint_browsers: [
    {
      id: 'adspower',
      name: 'AdsPower',
      description: {
        'en-US':
          'Manage many browser profiles, each with its own fingerprint and proxy, with team roles and automation.',
        'zh-CN': '管理多个浏览器环境，每个环境拥有独立指纹与代理，支持团队协作与自动化。',
        'ru-RU':
          'Множество профилей браузера, у каждого свой отпечаток и прокси; роли команды и автоматизация.',
      },
      promo_code: 'PTCADS',
      promo: {
        'en-US': 'Extra days on a paid plan for new accounts.',
        'zh-CN': '新账户购买付费套餐可获赠额外天数。',
        'ru-RU': 'Дополнительные дни платного тарифа для новых аккаунтов.',
      },
      url: 'https://www.adspower.com/',
    },
    {
      id: 'morelogin',
      name: 'MoreLogin',
      description: {
        'en-US': 'Antidetect browser and cloud phones for running accounts side by side.',
        'zh-CN': '防关联浏览器与云手机，便于多账号并行运营。',
        'ru-RU': 'Антидетект-браузер и облачные телефоны для параллельной работы аккаунтов.',
      },
      promo_code: 'PTCMORE',
      promo: {
        'en-US': 'A discount on the first month.',
        'zh-CN': '首月订阅享折扣。',
        'ru-RU': 'Скидка на первый месяц.',
      },
      url: 'https://www.morelogin.com/',
    },
    {
      id: 'bitbrowser',
      name: 'BitBrowser',
      description: {
        'en-US': 'Fingerprint browser with free profiles to start and batch proxy import.',
        'zh-CN': '指纹浏览器，提供免费环境，支持批量导入代理。',
        'ru-RU': 'Браузер с отпечатками: бесплатные профили для начала и массовый импорт прокси.',
      },
      promo_code: 'PTCBIT',
      promo: {
        'en-US': 'Bonus profiles for new accounts.',
        'zh-CN': '新账户赠送额外环境。',
        'ru-RU': 'Дополнительные профили для новых аккаунтов.',
      },
      url: 'https://www.bitbrowser.net/',
    },
    {
      id: 'gologin',
      name: 'GoLogin',
      description: {
        'en-US': 'Browser profiles that run on your computer or in the cloud.',
        'zh-CN': '可在本机或云端运行的浏览器环境。',
        'ru-RU': 'Профили браузера на вашем компьютере или в облаке.',
      },
      promo_code: 'PTCGO',
      promo: {
        'en-US': 'A discount on any plan.',
        'zh-CN': '任意套餐享折扣。',
        'ru-RU': 'Скидка на любой тариф.',
      },
      url: 'https://gologin.com/',
    },
  ],
} satisfies HelpContentFile;
