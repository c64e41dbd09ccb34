import { z } from 'zod';
import { multiline } from './text';

/** `POST /api/statistics/log`: one console analytics event. */
export const statisticsLogRequestSchema = z.object({
  /** Event name, e.g. `page_view` or `generate_click`. */
  event: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-zA-Z0-9_.:-]+$/, 'letters, digits and _ . : - only'),
  /** Console path where it happened. */
  page: z.string().max(512).optional(),
  /** Small free-form detail (at most 4 KiB as JSON); its texts may span lines (error messages). */
  data: multiline(
    z
      .record(z.string().max(128), z.unknown())
      .refine((value) => JSON.stringify(value).length <= 4_096, 'at most 4 KiB'),
  ).optional(),
});
export type StatisticsLogRequest = z.infer<typeof statisticsLogRequestSchema>;

/** Answer of `POST /api/statistics/log`. */
export const statisticsLogResponseSchema = z.object({ id: z.string() });
