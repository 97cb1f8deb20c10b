import { Context, ROOT_CONTEXT } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { currentTraceContext, enterTraceContext, runWithTraceContext } from '@portal/logging';

/**
 * OpenTelemetry's active context kept in the process's one async scope (@portal/logging),
 * beside the request, instead of in an AsyncLocalStorage of its own: on Node 20 each
 * storage in use costs something on every promise. Entering a trace context keeps the
 * request it runs for, and a request keeps its trace. Binding functions and event
 * emitters is the base class's, which enters contexts through `with`.
 */
export class AsyncScopeContextManager extends AsyncLocalStorageContextManager {
  override active(): Context {
    return currentTraceContext() ?? ROOT_CONTEXT;
  }

  override with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(context: Context, fn: F, thisArg?: ThisParameterType<F>, ...args: A): ReturnType<F> {
    return runWithTraceContext(context, () => fn.apply(thisArg, args));
  }

  override attach(context: Context): { dispose(): void } {
    const goBack = enterTraceContext(context);
    let disposed = false;
    return {
      dispose: () => {
        if (!disposed) goBack();
        disposed = true;
      },
    };
  }

  /** The scope also holds the request: it stays on when tracing stops. */
  override disable(): this {
    return this;
  }
}
