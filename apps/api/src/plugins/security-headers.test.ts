import { describe, expect, it } from 'vitest';
import { helmetHeaders } from './security-headers.ts';

describe('helmetHeaders', () => {
  const headers = helmetHeaders();
  const csp = headers['content-security-policy'];

  it("holds helmet's defaults", () => {
    expect(headers['x-content-type-options']).toBe('nosniff');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(headers['referrer-policy']).toBe('no-referrer');
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("object-src 'none'");
  });

  it("with the app's own CSP: images from https, media from blobs, no upgrade of plain http", () => {
    expect(csp).toContain("img-src 'self' data: https:");
    expect(csp).toContain("media-src 'self' blob: data:");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('leaves Strict-Transport-Security to the HTTPS check', () => {
    expect(headers['strict-transport-security']).toBeUndefined();
  });
});
