import type { AuthenticatedClient } from '../auth/authenticator';
import type { GatewayLogger } from '../gateway.types';
import type { VettedTarget } from '../guard/target-guard';
import type { Exit, ExitCatalog, ExitCriteria } from '../ports';
import { Refusal } from '../refusals';
import { type TemplateValues, templateValuesFor } from './credential-template';
import {
  DialError,
  type DialedTarget,
  type DialRequest,
  dialExit,
  type ReadInto,
  upstreamHost,
} from './exit-dialer';
import { rankExits } from './exit-ranking';
import type { StickyChoice, StickySessions } from './sticky-sessions';

/** Options of the exit router. */
export interface ExitRouterOptions {
  catalog: ExitCatalog;
  sessions: StickySessions;
  /** Exits tried per connection. */
  dialAttempts: number;
  dialTimeoutMs: number;
  sendHostnameUpstream: boolean;
  log: GatewayLogger;
  /** Replaceable for tests. */
  dial?: (request: DialRequest) => Promise<DialedTarget>;
}

const refusalOfTarget = (error: DialError, target: VettedTarget): Refusal => {
  const where = `${target.host}:${target.port}`;
  if (error.reason === 'timeout') return new Refusal('dial_timeout', `connecting to ${where} timed out`);
  if (error.reason === 'refused') return new Refusal('target_refused', `${where} refused the connection`);
  return new Refusal('target_unreachable', `${where} is unreachable`);
};

const NO_TEMPLATE_VALUES: TemplateValues = Object.freeze({
  user: '',
  cc: '',
  state: '',
  city: '',
  sid: '',
  life: '',
});

/** The exits one connection may take, best first, and its sticky choice. */
export interface RoutePlan {
  client: AuthenticatedClient;
  choice: StickyChoice;
  /** At most `dialAttempts` exits, the one to try first at the head. */
  candidates: readonly Exit[];
}

/**
 * Picks the exit of a connection (sticky per session) and dials through it, failing over to the
 * next matching exit when an exit fails.
 */
export class ExitRouter {
  private readonly dial: (request: DialRequest) => Promise<DialedTarget>;
  private readonly criteria = new WeakMap<AuthenticatedClient, ExitCriteria>();

  constructor(private readonly options: ExitRouterOptions) {
    this.dial = options.dial ?? dialExit;
  }

  /**
   * A paused socket connected to the target; throws a `Refusal` when no exit gets there. A direct
   * dial reads into `readInto` when given.
   */
  async connect(
    client: AuthenticatedClient,
    target: VettedTarget,
    readInto: ReadInto | null = null,
  ): Promise<DialedTarget> {
    return this.dialPlan(await this.plan(client), target, readInto);
  }

  /** The exits a connection of this client may take now; throws a `Refusal` when there is none. */
  async plan(client: AuthenticatedClient): Promise<RoutePlan> {
    const criteria = this.criteriaOf(client);
    let exits: Exit[];
    try {
      exits = await this.options.catalog.findExits(criteria);
    } catch (error) {
      this.options.log.error({ err: error, criteria }, 'exit catalogue failed');
      throw new Refusal('store_unavailable', 'exits cannot be listed right now, retry shortly');
    }
    if (exits.length === 0) throw new Refusal('no_exit', 'no proxy for this area');
    return this.planOf(client, exits);
  }

  /**
   * The plan `plan` would answer, when the catalogue has its answer at hand (no waiting); null
   * when it has not, or when there is no exit (then `plan` answers why).
   */
  planNow(client: AuthenticatedClient): RoutePlan | null {
    const exits = this.options.catalog.recallExits?.(this.criteriaOf(client));
    return exits?.length ? this.planOf(client, exits) : null;
  }

  private planOf(client: AuthenticatedClient, exits: readonly Exit[]): RoutePlan {
    const choice = this.options.sessions.choose(client.credential, client.params);
    const candidates = rankExits(exits, choice.seed, choice.pinnedExitId, this.options.dialAttempts);
    return { client, choice, candidates };
  }

  /** The catalogue criteria of a client: one object per client, so that the catalogue can key it once. */
  private criteriaOf(client: AuthenticatedClient): ExitCriteria {
    let criteria = this.criteria.get(client);
    if (!criteria) {
      const { credential, area } = client;
      criteria = { ...area, line: credential.line, type: credential.exitType, exitId: credential.exitId };
      this.criteria.set(client, criteria);
    }
    return criteria;
  }

  /**
   * What identifies a connection through `exit` to `target` besides the proxy: the exit, the
   * upstream credentials' values (session, area, lifetime) and the address the exit is asked to
   * reach (the vetted address dialled directly, or the host named to an upstream proxy). Two
   * requests with the same identity may share a target connection; `addresses` answers every
   * address such a connection may have been dialled to, in the order the dial tries them.
   */
  identity(plan: RoutePlan, exit: Exit, target: VettedTarget): { route: string; addresses: string[] } {
    return { route: this.routeOf(plan, exit), addresses: this.addressesOf(exit, target) };
  }

  /** The route of `identity`: the exit, and the upstream credentials' values. */
  routeOf(plan: RoutePlan, exit: Exit): string {
    if (exit.kind === 'direct') return exit.id;
    const values = templateValuesFor(exit, plan.client.area, plan.choice);
    return `${exit.id}\u0000${values.user}\u0000${values.cc}\u0000${values.state}\u0000${values.city}\u0000${values.sid}\u0000${values.life}`;
  }

  /** The addresses of `identity`: those dialled directly, or the host named to an upstream. */
  addressesOf(exit: Exit, target: VettedTarget): string[] {
    return exit.kind === 'direct'
      ? target.addresses
      : [upstreamHost(target, this.options.sendHostnameUpstream)];
  }

  /** Remembers that the plan's session went through `exit` (a reused connection). */
  pin(plan: RoutePlan, exit: Exit): void {
    this.options.sessions.pin(plan.choice, exit.id);
  }

  /** Dials the target through the plan's exits in order; throws a `Refusal` when none gets there. */
  async dialPlan(
    plan: RoutePlan,
    target: VettedTarget,
    readInto: ReadInto | null = null,
  ): Promise<DialedTarget> {
    const { area } = plan.client;
    for (const exit of plan.candidates) {
      try {
        const dialed = await this.dial({
          exit,
          target,
          // Only upstream exits fill credential templates.
          values: exit.kind === 'direct' ? NO_TEMPLATE_VALUES : templateValuesFor(exit, area, plan.choice),
          timeoutMs: this.options.dialTimeoutMs,
          sendHostnameUpstream: this.options.sendHostnameUpstream,
          readInto,
        });
        this.options.sessions.pin(plan.choice, exit.id);
        return dialed;
      } catch (error) {
        if (!(error instanceof DialError)) throw error;
        if (error.fault === 'target') throw refusalOfTarget(error, target);
        this.options.log.warn({ exitId: exit.id, err: error.message }, 'exit failed, trying the next one');
        this.options.catalog.reportFailure?.(exit.id, error);
      }
    }
    throw new Refusal('exits_failed', 'no working proxy for this area right now');
  }
}
