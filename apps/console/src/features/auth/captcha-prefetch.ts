import { fetchCaptchaImage } from './sign-in.api';

/** How long an early image stays good for the form; older, the form asks for its own. */
export const PREFETCH_FRESH_MS = 60_000;

/** The captcha image asked for before the page's code arrived, until its form takes it. */
let early: { image: Promise<Blob>; at: number } | undefined;

/**
 * Asks for the sign-in page's captcha image as soon as the entry script runs (issue #16): the
 * request no longer waits for React, the router and the page's chunks, and the image shows with
 * the form. `useCaptcha` takes it for its first image.
 */
export const prefetchCaptcha = (
  fetchImage: () => Promise<Blob> = () => fetchCaptchaImage(),
  now: number = Date.now(),
) => {
  const image = fetchImage();
  // Taken or not, a failure here is the form's business (it asks again): never unhandled.
  image.catch(() => undefined);
  early = { image, at: now };
};

/**
 * The early image, once and while fresh (a form opened later, say after a redirect away and back,
 * asks anew); later images are always asked for anew, as a captcha answers once.
 */
export const takePrefetchedCaptcha = (now: number = Date.now()): Promise<Blob> | undefined => {
  const taken = early;
  early = undefined;
  return taken && now - taken.at <= PREFETCH_FRESH_MS ? taken.image : undefined;
};
