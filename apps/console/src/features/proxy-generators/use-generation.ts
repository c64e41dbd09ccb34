import { type AppError, isAppError } from '@ptc/contracts';
import { useCallback, useRef, useState } from 'react';
import { setUserInfo, userStore } from '../../shared/session/session';
import {
  type GeneratedProxy,
  type GenerationForm,
  type GenerationKind,
  type GenerationResult,
  postGeneration,
} from './generators.api';

/** Props every exported generator takes. */
export interface GeneratorProps {
  /** Called with the new proxies after a successful generation (the page refreshes its list). */
  onGenerated?: (proxies: GeneratedProxy[]) => void;
}

/** The balance the server answered after a purchase, shown in the header at once. */
const applyBalance = (balance: string): void => {
  const info = userStore.get();
  if (info && info.balance !== balance) setUserInfo({ ...info, balance });
};

/**
 * Posts a generation and keeps what came of it: the proxies of the last success, or the
 * refusal of the last failure (the API client has already shown its text from the code table;
 * the panel adds what to do next, such as topping up after 3002). One request at a time.
 */
export const useGeneration = (onGenerated: GeneratorProps['onGenerated']) => {
  const [result, setResult] = useState<GenerationResult | null>(null);
  const [failure, setFailure] = useState<AppError | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  const inFlight = useRef(false);
  const callback = useRef(onGenerated);
  callback.current = onGenerated;

  const generate = useCallback(async (kind: GenerationKind, form: GenerationForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsGenerating(true);
    setFailure(null);
    try {
      const answer = await postGeneration(kind, form);
      setResult(answer);
      applyBalance(answer.balance);
      callback.current?.(answer.data);
    } catch (error) {
      if (isAppError(error)) setFailure(error);
      else throw error;
    } finally {
      inFlight.current = false;
      setIsGenerating(false);
    }
  }, []);

  return { result, failure, isGenerating, generate, clearFailure: () => setFailure(null) };
};
