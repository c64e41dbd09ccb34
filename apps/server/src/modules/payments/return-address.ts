/** What the return address is decided from: the request as fastify reads it. */
export interface ReturnRequest {
  headers: { origin?: string | string[] | undefined };
  /** `http` or `https` (the forwarded one behind TRUST_PROXY). */
  protocol: string;
  /** Host and port the browser addressed (the forwarded one behind TRUST_PROXY). */
  host: string;
}

/**
 * Where a payment (or a saved card) sends the browser back: the console's base URL on the origin
 * the customer paid from, so they come back to the address their session lives on (a browser
 * keeps one session per origin; a customer on 127.0.0.1 sent to `localhost` arrives signed out).
 *
 * The rule, so that no request can make it an open redirect:
 * - PUBLIC_URL's origin is always allowed, and is the answer when nothing else qualifies;
 * - the request's own origin (its scheme and Host) is allowed only when the browser's `Origin`
 *   header names exactly that origin: a same-origin call of the console, made by the browser that
 *   will be sent back there. An `Origin` naming any other site, or none, gives PUBLIC_URL.
 * PUBLIC_URL's path (a console under a prefix) is kept on either origin.
 */
export const returnBaseOf = (request: ReturnRequest, publicUrl: string): string => {
  const configured = new URL(publicUrl);
  const origin = request.headers.origin;
  if (typeof origin !== 'string' || origin === configured.origin) return publicUrl;
  const own = `${request.protocol}://${request.host}`;
  let parsed: URL;
  try {
    parsed = new URL(own);
  } catch {
    return publicUrl;
  }
  if (origin !== parsed.origin) return publicUrl;
  return `${parsed.origin}${configured.pathname.replace(/\/+$/, '')}`;
};
