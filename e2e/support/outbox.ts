/** The newest message the running product sent to `recipient`, read from its dev outbox. */
export const lastMessageTo = async (baseUrl: string, recipient: string, timeoutMs = 10_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const response = await fetch(`${baseUrl}/dev/outbox?recipient=${encodeURIComponent(recipient)}&limit=1`);
    const body = (await response.json()) as { data: { id: string; text: string; created_at: string }[] };
    const [message] = body.data;
    if (message) return message;
    if (Date.now() > deadline) throw new Error(`nothing was sent to ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};

/** Waits for a message newer than `afterId` and answers its 6-digit code. */
export const nextCodeTo = async (baseUrl: string, recipient: string, afterId = '0') => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const message = await lastMessageTo(baseUrl, recipient).catch(() => undefined);
    if (message && BigInt(message.id) > BigInt(afterId)) {
      const code = message.text.match(/\b(\d{6})\b/)?.[1];
      if (code) return { code, message };
    }
    if (Date.now() > deadline) throw new Error(`no new code for ${recipient}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
};
