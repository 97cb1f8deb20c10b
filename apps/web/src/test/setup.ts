import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { hiddenStateRules } from './antd-styles.cjs';

// antd's run-time styles are not written in jest (why: antd-styles.cjs); the page keeps
// only the rules that hide closed popups and hidden form items.
jest.mock('@rc-component/util/lib/Dom/dynamicCSS', () => ({
  ...jest.requireActual('@rc-component/util/lib/Dom/dynamicCSS'),
  injectCSS: () => document.createElement('style'),
  updateCSS: () => document.createElement('style'),
  removeCSS: () => undefined,
}));
const hiddenStates = document.createElement('style');
hiddenStates.textContent = hiddenStateRules();
document.head.append(hiddenStates);

// The suite runs beside the integration tests on two cores, where an antd form can take
// seconds to re-render: findBy* and waitFor wait up to 10 s instead of 1 s.
configure({ asyncUtilTimeout: 10_000 });

// jsdom has no layout engine: antd's responsive helpers need matchMedia.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});

// Nor does it scroll; React Router restores scroll positions on navigation.
window.scrollTo = () => undefined;

// antd measures elements with ResizeObserver; with no layout there is nothing to observe.
class NoLayoutResizeObserver {
  observe(): void {
    // Nothing is ever resized.
  }
  unobserve(): void {
    // Nothing was observed.
  }
  disconnect(): void {
    // Nothing to let go of.
  }
}
window.ResizeObserver ??= NoLayoutResizeObserver;

// antd forms defer work through MessageChannel, which jsdom lacks. Node's own would keep
// the test worker alive, so messages are delivered on a timer instead.
type MessageHandler = ((event: { data: unknown }) => void) | null;
class TimerMessagePort {
  onmessage: MessageHandler = null;
  peer: TimerMessagePort | null = null;
  postMessage(data: unknown): void {
    setTimeout(() => this.peer?.onmessage?.({ data }), 0);
  }
  start(): void {
    // Delivery starts with the first postMessage; nothing to open.
  }
  close(): void {
    this.onmessage = null;
  }
}
class TimerMessageChannel {
  readonly port1 = new TimerMessagePort();
  readonly port2 = new TimerMessagePort();
  constructor() {
    this.port1.peer = this.port2;
    this.port2.peer = this.port1;
  }
}
if (typeof window.MessageChannel === 'undefined') {
  Object.defineProperty(window, 'MessageChannel', { writable: true, value: TimerMessageChannel });
}

// jsdom cannot style pseudo-elements; antd only asks while measuring the scrollbar.
const computeStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => computeStyle(element);
