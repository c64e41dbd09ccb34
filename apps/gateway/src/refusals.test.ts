import { ERRORS } from '@ptc/contracts';
import { describe, expect, it } from 'vitest';
import { admissionRefusal, REFUSAL_ANSWERS } from './refusals';

describe('refusal codes', () => {
  it('are codes of the SPEC §8 catalogue', () => {
    const known = new Set(Object.values(ERRORS).map((error) => error.code as number));
    const used = [
      ...Object.values(REFUSAL_ANSWERS).map((answer) => answer.code),
      ...(['off', 'expired', 'invalid', 'unhealthy', 'no_funds', 'deleted'] as const).map(
        (reason) => admissionRefusal({ ok: false, reason }).code,
      ),
    ];
    for (const code of used) expect(known, `code ${code}`).toContain(code);
  });
});
