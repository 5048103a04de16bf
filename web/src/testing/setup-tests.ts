import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A loaded CI machine renders lazy routes slowly: wait up to 10 s for what a test expects to appear.
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks these browser APIs that Mantine relies on.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}
window.HTMLElement.prototype.scrollIntoView = () => {};
// jsdom has no layout: a data table's scroll container gets a viewport so its virtualised rows render.
Object.defineProperty(window.HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get(this: HTMLElement) {
    return this.dataset.testid === 'data-table' ? 600 : 0;
  },
});
window.scrollTo = () => {};

afterEach(async () => {
  cleanup();
  const { i18n } = await import('@/lib/i18n/i18n');
  if (i18n.language !== 'en') await i18n.changeLanguage('en');
  localStorage.clear();
  sessionStorage.clear();
});

// The app's i18n instance (English) for every component under test.
await import('@/lib/i18n/i18n');
