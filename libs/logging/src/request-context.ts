import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { Context } from '@opentelemetry/api';

/** Who is calling and which request this work belongs to; travels gateway → NATS → service. */
export interface RequestContext {
  requestId: string;
}

/**
 * What a piece of asynchronous work runs in: its request and, when the process traces, its
 * trace context (OpenTelemetry's active context, see @portal/tracing). One store holds
 * both because on Node 20 every AsyncLocalStorage in use is copied onto every promise a
 * request makes: a second one for the trace context alone was about a tenth of a short
 * read's CPU in the gateway and in the service.
 */
export interface AsyncScope {
  request?: RequestContext;
  trace?: Context;
}

const storage = new AsyncLocalStorage<AsyncScope>();

/** Runs `work` in a request and a trace at once (the gateway, once a request's body is read). */
export function runInScope<T>(scope: AsyncScope, work: () => T): T {
  return storage.run(scope, work);
}

/** Runs `work` as part of a request, in the trace it is already in. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run({ request: context, trace: storage.getStore()?.trace }, work);
}

/** Runs `work` in a trace context, for the request it already belongs to. */
export function runWithTraceContext<T>(trace: Context, work: () => T): T {
  return storage.run({ request: storage.getStore()?.request, trace }, work);
}

/** Enters a trace context for the rest of the current execution; the function returned goes back. */
export function enterTraceContext(trace: Context): () => void {
  const previous = storage.getStore();
  storage.enterWith({ request: previous?.request, trace });
  return () => storage.enterWith(previous ?? {});
}

export function currentTraceContext(): Context | undefined {
  return storage.getStore()?.trace;
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore()?.request;
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.request?.requestId;
}

export function newRequestId(): string {
  return randomUUID();
}
