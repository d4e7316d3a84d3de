import { configure } from '@testing-library/react';
import { vi } from 'vitest';

/**
 * Mantine reads matchMedia, ResizeObserver and scrollIntoView, which jsdom lacks. With `phone`, the
 * screen queries below a breakpoint match (a phone held upright); print and colour queries do not.
 */
export function installDomShims({ phone = false }: { phone?: boolean } = {}) {
  // Slow shared machines: give findBy/waitFor more than the default second.
  configure({ asyncUtilTimeout: 5000 });
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: phone && query.startsWith('screen and (max-width'),
      media: query,
      onchange: null,
      addListener: vi.fn(),
      removeListener: vi.fn(),
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      dispatchEvent: vi.fn(),
    })),
  );
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  Element.prototype.scrollIntoView ??= () => {};
}
