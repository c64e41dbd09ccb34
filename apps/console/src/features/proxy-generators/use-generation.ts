import { type AppError, isAppError, PROXY_RULES } from '@ptc/contracts';
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

/** Waits `ms` milliseconds. */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Posts a generation and keeps what came of it: the proxies of the last success, or the
 * refusal of the last failure (the API client has already shown its text from the code table;
 * the panel adds what to do next, such as topping up after 3002). One request at a time, and
 * at most one a second (SPEC §9): a quick second click waits out the second instead of earning
 * 4003 (which can still come from another tab, and is then shown like any refusal).
 */
export const useGeneration = (onGenerated: GeneratorProps['onGenerated']) => {
  const [result, setResult] = useState<GenerationResult | null>(null);
  const [failure, setFailure] = useState<AppError | null>(null);
  const [isGenerating, setIsGenerating] = useState(false);
  const inFlight = useRef(false);
  const lastStartedAt = useRef(Number.NEGATIVE_INFINITY);
  const callback = useRef(onGenerated);
  callback.current = onGenerated;

  const generate = useCallback(async (kind: GenerationKind, form: GenerationForm) => {
    if (inFlight.current) return;
    inFlight.current = true;
    setIsGenerating(true);
    setFailure(null);
    try {
      const wait = lastStartedAt.current + PROXY_RULES.GENERATION_INTERVAL_MS - Date.now();
      if (wait > 0) await pause(wait);
      lastStartedAt.current = Date.now();
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
