import type { AreaCriteria, Exit } from '../ports';

/** Values of the placeholders in upstream credential templates. */
export interface TemplateValues {
  /** `{user}`: the exit's supplier account. */
  user: string;
  /** `{cc}`: lower-case country of the request, else the exit's. */
  cc: string;
  /** `{state}`: the request's state, else the exit's. */
  state: string;
  /** `{city}`: the request's city, else the exit's. */
  city: string;
  /** `{sid}`: the session id, else a stable id of the proxy and its rotation epoch. */
  sid: string;
  /** `{life}`: the session lifetime in minutes. */
  life: string;
}

/** The placeholder values for one connection through one exit. */
export const templateValuesFor = (
  exit: Exit,
  area: AreaCriteria,
  session: { sid: string; lifeMinutes: number },
): TemplateValues => ({
  user: exit.account ?? '',
  cc: (area.country ?? exit.country).toLowerCase(),
  state: (area.state ?? exit.state ?? '').toLowerCase(),
  city: (area.city ?? exit.city ?? '').toLowerCase(),
  sid: session.sid,
  life: String(session.lifeMinutes),
});

/** Fills `{user}`, `{cc}`, `{state}`, `{city}`, `{sid}` and `{life}`; other text is kept as written. */
export const fillTemplate = (template: string, values: TemplateValues): string =>
  template.replace(/\{(user|cc|state|city|sid|life)\}/g, (_, name: keyof TemplateValues) => values[name]);
