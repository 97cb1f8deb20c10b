import { MessagePattern } from '@nestjs/microservices';
import { CommandDefinition } from '@portal/contracts';

/**
 * Marks a controller method as the handler of a command. The method's reply must be the
 * command's reply type (or a promise of it), so a handler and its callers cannot drift.
 */
export function HandlesCommand<P extends object, R>(command: CommandDefinition<P, R>) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return <M extends (...args: any[]) => R | Promise<R>>(target: object, key: string | symbol, descriptor: TypedPropertyDescriptor<M>): void => {
    MessagePattern(command.subject)(target, key, descriptor);
  };
}
