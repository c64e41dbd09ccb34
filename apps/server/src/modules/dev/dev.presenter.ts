import type { OutboxMessage } from './dev.repository';

/** An outbox message as `GET /dev/outbox` shows it. */
export const presentOutboxMessage = (message: OutboxMessage) => ({
  id: message.id.toString(),
  channel: message.channel,
  recipient: message.recipient,
  subject: message.subject,
  text: message.text,
  created_at: message.createdAt.toISOString(),
});

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text made safe for HTML element content and quoted attribute values. */
export const escapeHtml = (value: string): string =>
  value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

// Links in a message (reset links, sign-in links) are made clickable; everything else is text.
const LINK = /\bhttps?:\/\/[^\s<>"']+/g;

const linkify = (text: string): string => {
  let html = '';
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0].replace(/[.,;:!?)]+$/, '');
    html += escapeHtml(text.slice(last, match.index));
    html += `<a href="${escapeHtml(url)}" rel="noreferrer">${escapeHtml(url)}</a>`;
    last = match.index + url.length;
  }
  return html + escapeHtml(text.slice(last));
};

/** The dev mailbox: a self-contained page (no scripts, no external resources) listing `messages`. */
export const renderMailboxPage = (messages: OutboxMessage[], filter: { recipient?: string }): string => {
  const items = messages
    .map((message) => {
      const subject = message.subject ?? (message.channel === 'sms' ? 'Text message' : '(no subject)');
      return `<article>
  <header><span class="channel">${escapeHtml(message.channel)}</span> <strong>${escapeHtml(subject)}</strong></header>
  <p class="meta">to ${escapeHtml(message.recipient)} · <time datetime="${escapeHtml(message.createdAt.toISOString())}">${escapeHtml(message.createdAt.toISOString())}</time> · #${escapeHtml(message.id.toString())}</p>
  <pre>${linkify(message.text)}</pre>
</article>`;
    })
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Dev mailbox · PTC Proxy Console</title>
<style>
body{font:14px/1.5 system-ui,sans-serif;margin:0 auto;max-width:860px;padding:16px;color:#1f2328;background:#f6f8fa}
h1{font-size:20px}
form{display:flex;gap:8px;margin-bottom:16px}
input{flex:1;padding:6px 8px}
article{background:#fff;border:1px solid #d0d7de;border-radius:6px;padding:12px 16px;margin-bottom:12px}
.channel{display:inline-block;font-size:12px;text-transform:uppercase;background:#ddf4ff;border-radius:4px;padding:0 6px}
.meta{color:#59636e;margin:4px 0 8px}
pre{white-space:pre-wrap;word-break:break-word;margin:0;font:13px/1.5 ui-monospace,monospace}
.empty{color:#59636e}
</style>
</head>
<body>
<h1>Dev mailbox</h1>
<p class="meta">Mail and text messages kept in the outbox instead of being sent. Newest first. Not served in production.</p>
<form method="get" action="/dev/mailbox">
<input type="search" name="recipient" placeholder="Recipient (email or +phone)" value="${escapeHtml(filter.recipient ?? '')}">
<button type="submit">Filter</button>
<a href="/dev/mailbox">All</a>
</form>
${items || '<p class="empty">No messages.</p>'}
</body>
</html>
`;
};
