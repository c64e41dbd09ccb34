import { useCallback, useEffect, useRef, useState } from 'react';
import { API_BASE } from '../../shared/api/api';
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
 * The sign-in page's first captcha image when the page comes prerendered (`src/prerender/`): a
 * plain address in the HTML, so that the image loads with the page rather than after its scripts
 * and an API call. The server ties the captcha to the browser by a cookie, whichever way the image
 * was asked for.
 */
export const DOCUMENT_CAPTCHA_URL = `${API_BASE}/proxy/static/image?first=1`;

let documentCaptchaPending = false;

/**
 * Makes the next captcha hook that mounts start from {@link DOCUMENT_CAPTCHA_URL} instead of
 * asking for an image: the prerender draws it, and the hydration of that page (`main.tsx`) finds it
 * loaded by the browser. Once: any later form asks for its own image.
 */
export const startFromDocumentCaptcha = (): void => {
  documentCaptchaPending = true;
};

/**
 * Whether the hook that mounts now starts from the document's image. Read in render, which must
 * stay pure: React may render a component and throw that render away before it commits (a press
 * or a key before the hydration has finished makes React start it again, synchronously), and a
 * flag taken by the discarded render made the next one draw a spinner where the HTML has the
 * image, a hydration mismatch (React error 418) that redrew the page under the visitor's pointer
 * and lost their click (issue #16). The flag is cleared once the hook has committed.
 */
const isDocumentCaptchaPending = (): boolean => documentCaptchaPending;

/**
 * Loads the image captcha of `GET /proxy/static/image` as a blob (the server ties it to this
 * browser by a cookie) and shows it through an object URL. Only the newest image counts, so
 * answers of older requests are dropped. The first image is the one the entry script asked for
 * early (`prefetchCaptcha`) when there is one.
 */
export const useCaptcha = (): Captcha => {
  const [isDocumentCaptcha] = useState(isDocumentCaptchaPending);
  const [src, setSrc] = useState<string | undefined>(isDocumentCaptcha ? DOCUMENT_CAPTCHA_URL : undefined);
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
    // The document's image is the first one (once: a later form asks for its own); the form asks
    // for one when it has none.
    if (isDocumentCaptcha) documentCaptchaPending = false;
    else refresh();
    return () => latest.current?.abort();
  }, [refresh, isDocumentCaptcha]);

  // Each image's object URL is released when the next one replaces it, and the last with the form.
  useEffect(
    () => () => {
      if (src?.startsWith('blob:')) URL.revokeObjectURL(src);
    },
    [src],
  );

  return { src, isLoading, hasFailed, refresh };
};
