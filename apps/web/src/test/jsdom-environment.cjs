// jsdom with the WHATWG fetch classes of Node itself. React Router builds a Request for
// every navigation, and jsdom has none. AbortController and AbortSignal come from Node
// too, because Node's Request only accepts Node's own AbortSignal.
const { TestEnvironment } = require('jest-environment-jsdom');

const FROM_NODE = ['Request', 'Response', 'Headers', 'AbortController', 'AbortSignal', 'TextEncoder', 'TextDecoder'];

// In a browser a relative URL such as '/api/v1/me' resolves against the page; Node's
// Request has no page, so its fetch implementation (undici) is given the jsdom page's
// origin the same way. The API client builds a Request for every call, on baseUrl ''.
const GLOBAL_ORIGIN = Symbol.for('undici.globalOrigin.1');

class JsdomWithFetchClasses extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of FROM_NODE) this.global[name] = globalThis[name];
  }

  async setup() {
    await super.setup();
    this.previousOrigin = globalThis[GLOBAL_ORIGIN];
    globalThis[GLOBAL_ORIGIN] = new URL(this.global.location.origin);
  }

  async teardown() {
    globalThis[GLOBAL_ORIGIN] = this.previousOrigin;
    await super.teardown();
  }
}

module.exports = JsdomWithFetchClasses;
