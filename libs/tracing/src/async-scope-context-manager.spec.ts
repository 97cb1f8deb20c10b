import { EventEmitter } from 'node:events';
import { createContextKey, ROOT_CONTEXT } from '@opentelemetry/api';
import { currentRequestId, runWithRequestContext } from '@portal/logging';
import { AsyncScopeContextManager } from './async-scope-context-manager';

const key = createContextKey('test value');
const manager = new AsyncScopeContextManager().enable();
const valueOf = () => manager.active().getValue(key);

describe('the trace context kept beside the request', () => {
  it('enters a trace context for the work inside, across awaits, and keeps the request it runs for', async () => {
    const seen = await runWithRequestContext({ requestId: 'request-1' }, () =>
      manager.with(ROOT_CONTEXT.setValue(key, 'span A'), async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return { value: valueOf(), requestId: currentRequestId() };
      }),
    );
    expect(seen).toEqual({ value: 'span A', requestId: 'request-1' });
    expect(valueOf()).toBeUndefined();
  });

  it('keeps the trace when a request context is entered inside it', async () => {
    const seen = await manager.with(ROOT_CONTEXT.setValue(key, 'span B'), () =>
      runWithRequestContext({ requestId: 'request-2' }, async () => {
        await Promise.resolve();
        return { value: valueOf(), requestId: currentRequestId() };
      }),
    );
    expect(seen).toEqual({ value: 'span B', requestId: 'request-2' });
  });

  it('passes this and the arguments through', () => {
    const target = { factor: 3 };
    expect(manager.with(ROOT_CONTEXT, function (this: typeof target, n: number) { return this.factor * n; }, target, 7)).toBe(21);
  });

  it('runs bound functions and bound emitters’ listeners in the context they were bound to', () => {
    const bound = manager.bind(ROOT_CONTEXT.setValue(key, 'bound'), () => valueOf());
    expect(bound()).toBe('bound');

    const emitter = manager.bind(ROOT_CONTEXT.setValue(key, 'emitter'), new EventEmitter());
    const heard: unknown[] = [];
    const listener = () => heard.push(valueOf());
    emitter.on('data', listener);
    manager.with(ROOT_CONTEXT.setValue(key, 'elsewhere'), () => emitter.emit('data'));
    emitter.off('data', listener);
    emitter.emit('data');
    expect(heard).toEqual(['emitter']);
  });

  it('attaches a context until its token is disposed, keeping the request', async () => {
    await runWithRequestContext({ requestId: 'request-3' }, async () => {
      const token = manager.attach(ROOT_CONTEXT.setValue(key, 'attached'));
      expect([valueOf(), currentRequestId()]).toEqual(['attached', 'request-3']);
      token.dispose();
      expect([valueOf(), currentRequestId()]).toEqual([undefined, 'request-3']);
    });
  });
});
