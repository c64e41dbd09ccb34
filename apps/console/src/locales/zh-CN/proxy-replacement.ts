/** 更换静态代理的 IP（issue #21），zh-CN。 */
export const proxyReplacement = {
  'proxies.action.replace': '更换 IP',
  'proxies.replace.title': '更换 IP 地址',
  'proxies.replace.current': '当前 IP',
  'proxies.replace.area': '地区',
  'proxies.replace.expiry': '到期时间',
  'proxies.replace.reason': '原因',
  'proxies.replace.reason.unhealthy': '无法使用',
  'proxies.replace.reason.blocked': '被目标网站封禁',
  'proxies.replace.reason.slow': '速度太慢',
  'proxies.replace.reason.other': '其他',
  'proxies.replace.note': '说明（可选）',
  'proxies.replace.notePlaceholder': '遇到的问题，例如封禁它的网站',
  'proxies.replace.free':
    '免费更换。将为您分配同一地区的另一个 IP；用户名、密码和到期时间保持不变。通过旧 IP 的连接会在几秒内断开。',
  'proxies.replace.blockedHint': '被封禁的 IP 会暂停出售一段时间，不会立即分配给其他人。',
  'proxies.replace.left':
    '近 {{days}} 天内：此代理还可更换 {{proxyLeft}}/{{proxyLimit}} 次，账户还可更换 {{accountLeft}}/{{accountLimit}} 次。',
  'proxies.replace.noneLeft': '暂时没有可用的更换次数。',
  'proxies.replace.nextAt': '下次可更换时间：{{time}}。',
  'proxies.replace.limitsFailed': '无法加载剩余更换次数。',
  'proxies.replace.confirm': '更换 IP',
  'proxies.replace.done': 'IP 已更换',
  'proxies.replace.result': '{{from}} → {{to}}',
  'proxies.replace.resultHint': '凭据不变：新的连接将从新 IP 出口。',
} as const;
