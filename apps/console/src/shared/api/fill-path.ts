import { AppError } from '@ptc/contracts';

/** Values for the `{name}` placeholders of a path. */
export type PathParams = Readonly<Record<string, string | number>>;

const PLACEHOLDER = /\{(\w+)\}/g;

/**
 * Replaces every `{name}` of `path` with the URL-encoded `params[name]` (SPEC §5: paths with
 * placeholders need a non-empty params object). Throws before anything is sent when one is
 * missing or empty.
 */
export const fillPath = (path: string, params: PathParams | undefined): string =>
  path.replace(PLACEHOLDER, (_placeholder, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || String(value) === '') {
      throw new AppError('ERR_ARGUMENT_MISSING', {
        message: `Missing path parameter "${name}" for ${path}`,
        data: { param: name, path },
      });
    }
    return encodeURIComponent(String(value));
  });
