import { z } from 'zod';
import { emailSchema } from './accounts';

/**
 * Operators as the owner manages them (issue #15, `/api/admin/operators…`): their accounts, roles,
 * whether they may sign in and whether TOTP is enrolled. A password is answered once, when it is
 * made; secrets, hashes and recovery codes never leave the server. Times are ISO 8601 UTC.
 */

/** What an operator may do: owner everything, finance money and prices, support customers. */
export const ADMIN_OPERATOR_ROLES = ['owner', 'finance', 'support'] as const;
export type AdminOperatorRole = (typeof ADMIN_OPERATOR_ROLES)[number];

/** The longest operator name the API takes. */
export const OPERATOR_NAME_MAX_LENGTH = 100;

const nameText = z.string().trim().max(OPERATOR_NAME_MAX_LENGTH);

/** An operator as the owner sees one. */
export const adminOperatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(ADMIN_OPERATOR_ROLES),
  /** A disabled operator cannot sign in; its sessions ended when it was disabled. */
  disabled: z.boolean(),
  disabled_at: z.string().nullable(),
  /** False until the operator's first sign-in confirms an authenticator code (again after a reset). */
  totp_enrolled: z.boolean(),
  created_at: z.string(),
  /** The last completed sign-in (password and TOTP), or null when there was none. */
  last_sign_in_at: z.string().nullable(),
});
export type AdminOperator = z.infer<typeof adminOperatorSchema>;

/** `GET /admin/operators`: every operator, oldest first. */
export const adminOperatorListSchema = z.object({ records: z.array(adminOperatorSchema) });
export type AdminOperatorList = z.infer<typeof adminOperatorListSchema>;

/** `POST /admin/operators`: a new operator; TOTP is enrolled at its first sign-in. */
export const adminNewOperatorSchema = z.object({
  email: emailSchema,
  /** Shown in the console; the email when absent or empty. */
  name: nameText.optional(),
  role: z.enum(ADMIN_OPERATOR_ROLES),
});
export type AdminNewOperator = z.input<typeof adminNewOperatorSchema>;

/** `PATCH /admin/operators/:id`: what changes (absent fields are kept). */
export const adminOperatorChangesSchema = z
  .object({
    role: z.enum(ADMIN_OPERATOR_ROLES).optional(),
    name: nameText.min(1).optional(),
    /** True ends the operator's sessions at once and refuses its sign-in; false lets it sign in again. */
    disabled: z.boolean().optional(),
  })
  .refine((changes) => Object.values(changes).some((value) => value !== undefined), 'nothing to change');
export type AdminOperatorChanges = z.infer<typeof adminOperatorChangesSchema>;

/** `POST /admin/operators`: the operator and its random password, answered only in this answer. */
export const adminOperatorCreatedSchema = z.object({
  operator: adminOperatorSchema,
  /** Shown once: the server keeps only its hash. */
  password: z.string(),
});
export type AdminOperatorCreated = z.infer<typeof adminOperatorCreatedSchema>;

/** `POST /admin/operators/:id/password/reset`: a new random password (shown once); sessions ended. */
export const adminOperatorPasswordSchema = adminOperatorCreatedSchema.extend({
  sessions_ended: z.number().int(),
});
export type AdminOperatorPassword = z.infer<typeof adminOperatorPasswordSchema>;

/** `POST /admin/operators/:id/totp/reset`: the operator enrols TOTP again at its next sign-in. */
export const adminOperatorTotpResetSchema = z.object({
  operator: adminOperatorSchema,
  sessions_ended: z.number().int(),
});
export type AdminOperatorTotpReset = z.infer<typeof adminOperatorTotpResetSchema>;
