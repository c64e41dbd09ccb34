/**
 * Types of the request and response schemas of `@ptc/contracts`, read through the Standard
 * Schema interface that zod implements, so the console needs neither zod nor its runtime.
 */
type StandardTypes<S> = S extends { '~standard': { types?: infer T } } ? NonNullable<T> : never;

/** What a request schema accepts (`z.input`). */
export type RequestOf<S> = StandardTypes<S> extends { input: infer I } ? I : never;

/** What a response schema describes (`z.output`). */
export type ResponseOf<S> = StandardTypes<S> extends { output: infer O } ? O : never;
