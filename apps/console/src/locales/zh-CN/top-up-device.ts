/** Where to top up from a phone or tablet (recharging is for computers, SPEC §2): overview and charge page. */
export const topUpDevice = {
  'charge.device.title': '请在电脑上充值',
  'charge.device.detail':
    '手机和平板暂不支持充值。请在电脑上打开控制台 {{address}} 进行充值，余额、代理和记录与手机上完全一致。',
  'charge.device.copy': '复制地址',
  'charge.device.copied': '地址已复制',
};
