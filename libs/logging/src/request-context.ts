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

/** The process's one async scope: read, run work in, or (rarely) enter for the rest of the current execution. */
export const asyncScope = {
  current: (): AsyncScope | undefined => storage.getStore(),
  run: <T>(scope: AsyncScope, work: () => T): T => storage.run(scope, work),
  enter: (scope: AsyncScope): void => storage.enterWith(scope),
};

/** Runs `work` as part of a request, in the trace it is already in. */
export function runWithRequestContext<T>(context: RequestContext, work: () => T): T {
  return storage.run({ request: context, trace: storage.getStore()?.trace }, work);
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
