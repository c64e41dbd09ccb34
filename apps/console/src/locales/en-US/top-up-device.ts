/** Where to top up from a phone or tablet (recharging is for computers, SPEC §2): overview and charge page. */
export const topUpDevice = {
  'charge.device.title': 'Top up from a computer',
  'charge.device.detail':
    'Recharging is not available on phones and tablets. Open the console on a computer at {{address}} to top up; your balance, proxies and history are the same there.',
  'charge.device.copy': 'Copy the address',
  'charge.device.copied': 'Address copied',
};
