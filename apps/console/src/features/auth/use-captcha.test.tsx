import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DOCUMENT_CAPTCHA_URL, startFromDocumentCaptcha, useCaptcha } from './use-captcha';

const CaptchaProbe = () => {
  const captcha = useCaptcha();
  return <img alt="" src={captcha.src ?? 'none'} />;
};

describe('the captcha of a prerendered sign-in page', () => {
  it('is the document image in every render until one commits (a discarded render uses nothing up)', () => {
    startFromDocumentCaptcha();
    // React may render a component and throw the render away before it commits: a press before the
    // hydration has finished restarts it synchronously. Each such render must draw what the HTML
    // has (the image), or the hydration fails (React error 418) and redraws the page under the
    // visitor's pointer, losing the click (issue #16). Server renders never commit.
    expect(renderToString(<CaptchaProbe />)).toContain(DOCUMENT_CAPTCHA_URL.replaceAll('&', '&amp;'));
    expect(renderToString(<CaptchaProbe />)).toContain(DOCUMENT_CAPTCHA_URL.replaceAll('&', '&amp;'));
  });
});
