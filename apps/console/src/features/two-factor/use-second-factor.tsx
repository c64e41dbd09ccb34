import type { PasswordSignInResponse, SessionResponse, TwoFactorChallenge } from '@ptc/contracts';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { loadAntdStyles } from '../../app/antd-styles';

// The dialog, its texts and the styles of a modal load only when a sign-in asks for a second step.
const SecondFactorDialog = lazy(async () => {
  const [module] = await Promise.all([import('./second-factor-dialog'), loadAntdStyles('all')]);
  return module;
});

/** The sign-in's second step was closed without passing it. */
export class SecondFactorCancelled extends Error {
  constructor() {
    super('second sign-in step cancelled');
  }
}

interface Pending {
  challenge: TwoFactorChallenge['two_factor'];
  resolve: (session: SessionResponse) => void;
  reject: (error: Error) => void;
}

/**
 * Turns a password step's answer into a session: a token as it is, or, when the server asks for a
 * second factor, the dialog that asks for the code (resolving with the session once it passes,
 * rejecting with {@link SecondFactorCancelled} when closed). Render `element` in the form.
 */
export const useSecondFactor = (): {
  complete: (answer: PasswordSignInResponse) => Promise<SessionResponse>;
  element: ReactNode;
} => {
  const [pending, setPending] = useState<Pending | null>(null);
  const complete = useCallback(
    (answer: PasswordSignInResponse) =>
      'two_factor' in answer
        ? new Promise<SessionResponse>((resolve, reject) =>
            setPending({ challenge: answer.two_factor, resolve, reject }),
          )
        : Promise.resolve(answer),
    [],
  );
  const element = pending ? (
    <Suspense fallback={null}>
      <SecondFactorDialog
        challenge={pending.challenge}
        onDone={(session) => {
          setPending(null);
          pending.resolve(session);
        }}
        onCancel={() => {
          setPending(null);
          pending.reject(new SecondFactorCancelled());
        }}
      />
    </Suspense>
  ) : null;
  return { complete, element };
};
