import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { tokenStorage } from './api-client';
import { installDomShims } from './dom-shims.test-helper';

/**
 * The hooks of an admin screen's tests: the DOM shims before each (a phone's with `phone`), and after
 * each the page unmounted, the stubbed globals restored and the admin's tokens cleared.
 */
export function adminPageHooks(options: { phone?: boolean } = {}) {
  beforeEach(() => installDomShims(options));
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    tokenStorage.clear('admin');
  });
}
