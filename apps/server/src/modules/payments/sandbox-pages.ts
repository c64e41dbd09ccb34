import { formatPtc } from '@ptc/contracts';
import type { OrderRow } from '../wallet/orders.service';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

const layout = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
body{font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;background:#f5f7fa;margin:0;padding:32px 16px;color:#1f2329}
main{max-width:440px;margin:0 auto;background:#fff;border-radius:12px;padding:28px;box-shadow:0 2px 12px rgba(0,0,0,.06)}
h1{font-size:20px;margin:0 0 4px}.tag{display:inline-block;background:#fff7e6;color:#d46b08;border:1px solid #ffd591;border-radius:4px;padding:0 8px;font-size:12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:20px 0}dt{color:#646a73}dd{margin:0;text-align:right;font-variant-numeric:tabular-nums}
.total{font-weight:600;font-size:17px}form{display:flex;gap:12px;margin-top:20px}button{flex:1;border:0;border-radius:8px;padding:12px;font-size:15px;cursor:pointer}
.pay{background:#1677ff;color:#fff}.fail{background:#f2f3f5;color:#1f2329}p.note{color:#646a73;font-size:13px}
</style></head><body><main>${body}</main></body></html>`;

const METHOD_LABELS: Record<string, string> = {
  card: 'Bank card',
  stripe_wechat: 'WeChat Pay (Stripe)',
  alipay: 'Alipay',
  wechat: 'WeChat Pay',
  epay: 'Payment aggregator',
  usdt: 'USDT (TRC20)',
  wire: 'Wire transfer',
};

/** The sandbox checkout: what a real provider's page would show, with Pay and Fail buttons. */
export const renderSandboxCheckout = (order: OrderRow) => {
  const pay = formatPtc(order.payAmount, order.payCurrency === 'USDT' ? 6 : 2);
  const rows = [
    ['Order', order.orderNo],
    ['Method', METHOD_LABELS[order.method] ?? order.method],
    ['PTC', formatPtc(order.amount)],
    ['Bonus', formatPtc(order.bonus)],
    ['Fee', `${formatPtc(order.fee)} USD`],
    ['Order price', `${formatPtc(order.amount + order.fee)} USD`],
  ];
  const closed = order.status === 'paid';
  return layout(
    'Sandbox checkout',
    `<h1>Sandbox checkout</h1><span class="tag">Sandbox · no real money moves</span>
<dl>${rows.map(([k, v]) => `<dt>${escapeHtml(k ?? '')}</dt><dd>${escapeHtml(v ?? '')}</dd>`).join('')}
<dt class="total">To pay</dt><dd class="total" data-testid="sandbox-total">${escapeHtml(pay)} ${escapeHtml(order.payCurrency)}</dd></dl>
${
  closed
    ? '<p>This order is already paid.</p>'
    : `<form method="post"><button class="pay" name="action" value="pay" data-testid="sandbox-pay">Pay</button>
<button class="fail" name="action" value="fail" data-testid="sandbox-fail">Fail</button></form>`
}
<p class="note">The buttons send a signed notification to the console's webhook, exactly like a real provider.</p>`,
  );
};

/** The sandbox card page: saves a test card for auto top-up. */
export const renderSandboxCard = () =>
  layout(
    'Save a card (sandbox)',
    `<h1>Save a card</h1><span class="tag">Sandbox · no real card</span>
<dl><dt>Card</dt><dd>Visa •••• 4242</dd><dt>Expires</dt><dd>12/30</dd></dl>
<form method="post"><button class="pay" name="action" value="save" data-testid="sandbox-save-card">Save card</button></form>`,
  );

/**
 * What a browser sees when a sandbox page refuses it (a link expired, tampered with, or someone
 * else's): the reason, and the way back to the console. API clients get the JSON envelope.
 */
export const renderSandboxRefusal = (refusal: { code: number; message: string }, consoleUrl: string) =>
  layout(
    'Sandbox link not valid',
    `<h1>This link cannot be used</h1><span class="tag">Sandbox</span>
<p data-testid="sandbox-refusal">${escapeHtml(refusal.message)} <span class="note">(code ${refusal.code})</span></p>
<p class="note">Open the payment again from the console, signed in as the account it belongs to.</p>
<p><a href="${escapeHtml(consoleUrl)}">Back to the console</a></p>`,
  );
