import { ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';

/**
 * A decorator's value for a route, the handler's own before its controller's (as
 * Reflector.getAllAndOverride), looked up once per controller and handler: route
 * metadata is fixed when the app is built, and the global guards ask on every request.
 */
export class RouteMetadata<T> {
  // By controller, then handler: an inherited handler is shared by controllers whose own metadata differ.
  private readonly cache = new WeakMap<object, WeakMap<object, { value: T | undefined }>>();

  constructor(
    private readonly reflector: Reflector,
    private readonly key: string,
  ) {}

  of(context: ExecutionContext): T | undefined {
    const controller = context.getClass();
    const handler = context.getHandler();
    let byHandler = this.cache.get(controller);
    if (!byHandler) {
      byHandler = new WeakMap();
      this.cache.set(controller, byHandler);
    }
    let entry = byHandler.get(handler);
    if (!entry) {
      entry = { value: this.reflector.getAllAndOverride<T | undefined>(this.key, [handler, controller]) };
      byHandler.set(handler, entry);
    }
    return entry.value;
  }
}
