import { useCallback, useEffect, useRef, useState } from 'react';
import { takePrefetchedCaptcha } from './captcha-prefetch';
import { fetchCaptchaImage } from './sign-in.api';

/** The image captcha of a form: its picture and a way to ask for a new one. */
export interface Captcha {
  /** Object URL of the current image, once loaded. */
  src: string | undefined;
  isLoading: boolean;
  /** The last image could not be loaded. */
  hasFailed: boolean;
  /** Loads a new image (on click, and after every failed submit: a captcha answers once). */
  refresh(): void;
}

/**
 * Loads the image captcha of `GET /proxy/static/image` as a blob (the server ties it to this
 * browser by a cookie) and shows it through an object URL. Only the newest image counts, so
 * answers of older requests are dropped. The first image is the one the entry script asked for
 * early (`prefetchCaptcha`) when there is one.
 */
export const useCaptcha = (): Captcha => {
  const [src, setSrc] = useState<string>();
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const latest = useRef<AbortController | null>(null);

  const refresh = useCallback(() => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setIsLoading(true);
    (takePrefetchedCaptcha() ?? fetchCaptchaImage(controller.signal))
      .then((blob) => {
        if (controller.signal.aborted) return;
        setHasFailed(false);
        setSrc(URL.createObjectURL(blob));
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('[captcha] the image could not be loaded', error);
        setHasFailed(true);
      })
      .finally(() => {
        if (latest.current === controller) setIsLoading(false);
      });
  }, []);

  useEffect(() => {
    refresh();
    return () => latest.current?.abort();
  }, [refresh]);

  // Each image's object URL is released when the next one replaces it, and the last with the form.
  useEffect(
    () => () => {
      if (src) URL.revokeObjectURL(src);
    },
    [src],
  );

  return { src, isLoading, hasFailed, refresh };
};
