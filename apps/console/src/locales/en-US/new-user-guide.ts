/** The new-user guide's texts (features/new-user-guide): three questions and six recommendations. */
export const newUserGuide = {
  'guide.title': 'Find the right proxy',
  'guide.intro':
    'Answer three questions and we suggest one of our six proxy types. You can change everything on the next page.',
  'guide.progress': 'Question {{n}} of {{total}}',
  'guide.step.use': 'Use',
  'guide.step.keep': 'Address',
  'guide.step.volume': 'Traffic',
  'guide.step.result': 'Result',

  'guide.use.question': 'What will you use the proxies for?',
  'guide.use.accounts': 'Social media and ad accounts',
  'guide.use.accounts.hint': 'Several accounts, each looking like a real person at home',
  'guide.use.ecommerce': 'E-commerce and sneakers',
  'guide.use.ecommerce.hint': 'Shops, marketplaces, limited releases',
  'guide.use.scraping': 'Web scraping and data collection',
  'guide.use.scraping.hint': 'Prices, search results and public pages at scale',
  'guide.use.seo': 'SEO and ad verification',
  'guide.use.seo.hint': 'Search results and ads as people elsewhere see them',
  'guide.use.other': 'Something else',
  'guide.use.other.hint': 'Browsing, streaming, games, testing',

  'guide.keep.question': 'How long should one IP address stay the same?',
  'guide.keep.rotate': 'A new address for every request or every few minutes',
  'guide.keep.rotate.hint': 'Many addresses, no single one used for long',
  'guide.keep.day': 'The same address for one task, up to a day',
  'guide.keep.day.hint': 'A session, a check-out, a day of work',
  'guide.keep.long': 'The same address for days or weeks',
  'guide.keep.long.hint': 'An account that must always sign in from the same place',

  'guide.volume.question': 'How much data will go through each address?',
  'guide.volume.light': 'A little',
  'guide.volume.light.hint': 'Pages, sign-ins, posts: a few GB a month',
  'guide.volume.heavy': 'A lot',
  'guide.volume.heavy.hint': 'Downloads, video, many pages every day',

  'guide.result.title': 'We recommend',
  'guide.result.answers': 'Your answers',
  'guide.result.change': 'You can pick another type any time from the menu.',
  'guide.product.static-ip-residential': 'Static residential proxies, paid by IP',
  'guide.product.static-ip-residential.text':
    'A home address that stays yours for 1 or 30 days, whatever traffic it carries.',
  'guide.product.static-ip-datacenter': 'Static data-center proxies, paid by IP',
  'guide.product.static-ip-datacenter.text':
    'A fast data-center address that stays yours for 1 or 30 days, whatever traffic it carries.',
  'guide.product.static-traffic-residential': 'Static residential proxies, paid by traffic',
  'guide.product.static-traffic-residential.text':
    'A home address that stays the same; you pay only for the traffic it carries.',
  'guide.product.static-traffic-datacenter': 'Static data-center proxies, paid by traffic',
  'guide.product.static-traffic-datacenter.text':
    'A fast data-center address that stays the same; you pay only for the traffic it carries.',
  'guide.product.dynamic-ip': 'Rotating proxies, paid by IP',
  'guide.product.dynamic-ip.text':
    'Residential addresses by country, state or city, each yours for 24 hours whatever traffic it carries.',
  'guide.product.dynamic-traffic': 'Rotating proxies, paid by traffic',
  'guide.product.dynamic-traffic.text':
    'Residential addresses from any country, state or city that change for you; you pay for the gigabytes used.',

  'guide.back': 'Back',
  'guide.next': 'Next',
  'guide.restart': 'Start over',
  'guide.open': 'Open the generator',
  'guide.pickAnswer': 'Pick an answer to go on.',
};
