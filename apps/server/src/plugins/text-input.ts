import { isMultiline, isOpaque, textInputProblem } from '@ptc/contracts';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

type Schema = z.core.$ZodType;

/** One refused piece of text: where it is (`/remark`, `/ids/0`) and why. */
export interface TextInputIssue {
  instancePath: string;
  message: string;
}

// biome-ignore lint/suspicious/noExplicitAny: zod's definitions differ per type; we read only a few fields.
const defOf = (schema: Schema): any => schema._zod.def;

/** The schema itself and what it wraps transparently (optional, default, pipe …). */
const expand = (schemas: Schema[]): Schema[] => {
  const seen = new Set<Schema>();
  const queue = [...schemas];
  while (queue.length > 0) {
    const schema = queue.pop() as Schema;
    if (seen.has(schema)) continue;
    seen.add(schema);
    const def = defOf(schema);
    switch (def.type) {
      case 'optional':
      case 'nullable':
      case 'default':
      case 'prefault':
      case 'nonoptional':
      case 'catch':
      case 'readonly':
      case 'success':
        queue.push(def.innerType);
        break;
      case 'pipe':
        queue.push(def.in, def.out);
        break;
      case 'union':
        queue.push(...def.options);
        break;
      case 'intersection':
        queue.push(def.left, def.right);
        break;
      case 'lazy':
        queue.push(def.getter());
        break;
    }
  }
  return [...seen];
};

/** The schemas that describe `key` of a value described by `schemas`. */
const childrenOf = (schemas: Schema[], key: string | number): Schema[] =>
  schemas.flatMap((schema) => {
    const def = defOf(schema);
    switch (def.type) {
      case 'object':
        return def.shape[key] ? [def.shape[key]] : def.catchall ? [def.catchall] : [];
      case 'record':
        return [def.valueType];
      case 'array':
        return [def.element];
      case 'tuple':
        return typeof key === 'number' && def.items[key] ? [def.items[key]] : def.rest ? [def.rest] : [];
      default:
        return [];
    }
  });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && !Buffer.isBuffer(value);

/**
 * Every string in `data` (values and keys, however deep) that carries a control character or a
 * lone surrogate. TAB, LF and CR pass where the schema marks the field multi-line, anything where
 * it marks it opaque (a current password); `declaredOnly`
 * looks only at the fields the schema names (headers carry many the route never reads).
 */
export const findTextInputIssues = (
  schema: Schema,
  data: unknown,
  declaredOnly = false,
): TextInputIssue[] => {
  const issues: TextInputIssue[] = [];
  const visit = (
    value: unknown,
    schemas: Schema[],
    path: Array<string | number>,
    allowsLineBreaks: boolean,
  ) => {
    const expanded = expand(schemas);
    const multiline = allowsLineBreaks || expanded.some(isMultiline);
    // A secret that is only hashed or compared takes any text (nothing stores it).
    if (typeof value === 'string' && expanded.length > 0 && expanded.some(isOpaque)) return;
    if (typeof value === 'string') {
      const problem = textInputProblem(value, multiline);
      if (problem) issues.push({ instancePath: `/${path.join('/')}`, message: problem });
      return;
    }
    if (Array.isArray(value)) {
      value.forEach((item, index) => {
        visit(item, childrenOf(expanded, index), [...path, index], multiline);
      });
      return;
    }
    if (!isPlainObject(value)) return;
    for (const [key, item] of Object.entries(value)) {
      const children = childrenOf(expanded, key);
      if (declaredOnly && children.length === 0) continue;
      const keyProblem = textInputProblem(key);
      if (keyProblem) {
        issues.push({ instancePath: `/${[...path, key].join('/')}`, message: `field name: ${keyProblem}` });
        continue;
      }
      visit(item, children, [...path, key], multiline);
    }
  };
  visit(data, [schema], [], false);
  return issues;
};

/** The issues in the shape fastify-type-provider-zod gives, so the envelope answers them alike (1002). */
const asValidationIssues = (issues: TextInputIssue[]) =>
  issues.map((issue) => ({
    [Symbol.for('ZodFastifySchemaValidationError')]: true,
    keyword: 'invalid_format',
    instancePath: issue.instancePath,
    schemaPath: `#${issue.instancePath}/invalid_format`,
    message: issue.message,
    params: {},
  }));

/**
 * The zod validator, preceded by the text rules of `@ptc/contracts` for every string of params,
 * query, body and declared headers: one place, so no route can forget them.
 */
export const textSafeValidatorCompiler: FastifySchemaCompiler<Schema> = (route) => {
  const validate = validatorCompiler(route as Parameters<typeof validatorCompiler>[0]);
  const declaredOnly = (route as { httpPart?: string }).httpPart === 'headers';
  return (data) => {
    const issues = findTextInputIssues(route.schema, data, declaredOnly);
    if (issues.length > 0) return { error: asValidationIssues(issues) as never };
    return validate(data);
  };
};
