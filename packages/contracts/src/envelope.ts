import { z } from 'zod';

/** The response envelope of every API call (SPEC §3): `code` 0 on success. */
export const envelopeSchema = <T extends z.ZodType>(data: T) =>
  z.object({
    /** 0 on success, a catalogue code otherwise. */
    // Examples, so API references show `0` and `success` rather than the bounds of an integer.
    code: z
      .number()
      .int()
      .meta({ examples: [0] }),
    /** Human-readable text; the console prefers its own translation of `code`. */
    msg: z.string().meta({ examples: ['success'] }),
    /** The payload; `null` on failure unless the code carries detail. */
    data,
  });

/** An envelope whose payload is `T`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** Envelope of a failed call. */
export const errorEnvelopeSchema = envelopeSchema(z.unknown().nullable());

/** Wraps a successful payload. */
export const ok = <T>(data: T): Envelope<T> => ({ code: 0, msg: 'success', data });
