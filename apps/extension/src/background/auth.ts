import { isChallengeFrom, type ProxyServer } from './proxy-config';

/** Credentials of a proxy the extension set (or is setting). */
export interface ProxyCredentials extends ProxyServer {
  username: string;
  password: string;
}

/**
 * Answers proxy authentication (407) for the proxies the extension set, so that no dialog ever
 * asks. A request is answered once: a second challenge for the same request means the gateway
 * refused the credentials (a switched-off or expired proxy), and answering again would loop, so
 * the request is cancelled and noted as refused.
 */
export class ProxyAuthenticator {
  /** Request ids answered once, with when (pruned so the set stays small). */
  private readonly answered = new Map<string, number>();
  /** URLs whose request was cancelled after a refused answer, read by the proxy check. */
  readonly refusedUrls = new Set<string>();

  constructor(
    private readonly credentials: () => Promise<ProxyCredentials | null>,
    /** Told of each refusal (the popup then says the proxy was refused). */
    private readonly onRefused: (url: string) => void = () => {},
  ) {}

  /** The onAuthRequired decision for one challenge. */
  async answer(details: {
    requestId: string;
    url: string;
    isProxy: boolean;
    challenger?: { host: string; port: number };
  }): Promise<chrome.webRequest.BlockingResponse> {
    if (!details.isProxy) return {};
    const credentials = await this.credentials();
    if (!credentials || !isChallengeFrom(details.challenger, credentials)) return {};
    this.prune();
    if (this.answered.has(details.requestId)) {
      this.refusedUrls.add(details.url);
      this.onRefused(details.url);
      return { cancel: true };
    }
    this.answered.set(details.requestId, Date.now());
    return { authCredentials: { username: credentials.username, password: credentials.password } };
  }

  private prune() {
    if (this.answered.size < 500) return;
    const before = Date.now() - 10 * 60_000;
    for (const [id, at] of this.answered) if (at < before) this.answered.delete(id);
  }
}
