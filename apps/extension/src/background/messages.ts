import { type ExtensionRequest, extensionRequestSchema } from '@ptc/contracts';

/** A message the extension takes, or why not. */
export type Accepted = { ok: true; request: ExtensionRequest } | { ok: false; reason: string };

/** The origin of an http(s) URL; null otherwise. */
export const originOf = (url: string | undefined): string | null => {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
};

/**
 * Checks a message from a web page (the console, through `externally_connectable`): its shape,
 * and its sender. `ping` comes from any page the manifest admits; `pair` only from the origin of
 * the API it names; everything else only from the console the extension was paired with.
 */
export const acceptExternal = (
  message: unknown,
  senderOrigin: string | undefined,
  pairedOrigin: string | null,
): Accepted => {
  const parsed = extensionRequestSchema.safeParse(message);
  if (!parsed.success) return { ok: false, reason: 'invalid_message' };
  const request = parsed.data;
  const sender = originOf(senderOrigin);
  if (request.type === 'ping') return { ok: true, request };
  if (request.type === 'pair') {
    const apiOrigin = originOf(request.api_base);
    if (!apiOrigin || apiOrigin !== sender) return { ok: false, reason: 'origin_mismatch' };
    return { ok: true, request };
  }
  if (!pairedOrigin) return { ok: false, reason: 'not_paired' };
  if (sender !== pairedOrigin) return { ok: false, reason: 'origin_mismatch' };
  return { ok: true, request };
};
