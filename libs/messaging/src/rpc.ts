import {
  ArgumentMetadata,
  ArgumentsHost,
  Catch,
  createParamDecorator,
  ExecutionContext,
  RpcExceptionFilter,
  ValidationPipe,
} from '@nestjs/common';
import { Observable, throwError } from 'rxjs';
import { Actor, ErrorBody, findUnsafeInput, RequestMeta, ServiceRequest, unsafeInputErrorBody, validationErrorBody } from '@portal/contracts';
import { InvalidCursorError } from '@portal/database';
import { Logger, newRequestId } from '@portal/logging';
import { ServiceError } from './service-error';

function request(context: ExecutionContext): ServiceRequest {
  const data = context.switchToRpc().getData() as ServiceRequest | undefined;
  return { meta: data?.meta ?? { requestId: newRequestId(), actor: null }, payload: data?.payload ?? {} };
}

/** The command's own payload, validated against the parameter's class by the global pipe. */
export const CommandPayload = createParamDecorator((_: unknown, context: ExecutionContext) => request(context).payload);

/** The caller's metadata (request id, verified actor, client address). */
export const CommandMeta = createParamDecorator((_: unknown, context: ExecutionContext): RequestMeta => request(context).meta);

/** The verified caller; the command is refused when there is none. */
export const CommandActor = createParamDecorator((_: unknown, context: ExecutionContext): Actor => {
  const actor = request(context).meta.actor;
  if (!actor) throw ServiceError.of(401, 'unauthenticated');
  return actor;
});

/** Validation of command payloads: 400 with the first problem and every field's detail. */
export function commandValidationPipe(): ValidationPipe {
  return new CommandValidationPipe({
    transform: true,
    whitelist: true,
    validateCustomDecorators: true,
    exceptionFactory: (errors) => new ServiceError(validationErrorBody(errors)),
  });
}

/** A service checks its input itself too (other services call it, not only the gateway). */
class CommandValidationPipe extends ValidationPipe {
  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    // A command's attachment is opaque bytes, checked by its handler (a file's content checks), not text fields.
    if (Buffer.isBuffer(value)) return value;
    const problem = findUnsafeInput(value);
    if (problem) throw new ServiceError(unsafeInputErrorBody(problem));
    return super.transform(value, metadata);
  }
}

/** Replies with the error envelope; anything unexpected is logged and answered as a bare 500. */
@Catch()
export class ServiceExceptionFilter implements RpcExceptionFilter<unknown> {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    let body: ErrorBody;
    if (exception instanceof ServiceError) {
      body = exception.body;
    } else if (exception instanceof InvalidCursorError) {
      // A list's cursor is the caller's input (libs/database's keyset pages decode it).
      body = ServiceError.of(400, 'cursor_invalid').body;
    } else {
      this.logger.error({ err: exception instanceof Error ? { message: exception.message, stack: exception.stack } : String(exception) }, 'unhandled error in command handler');
      body = ServiceError.of(500, 'unexpected_error').body;
    }
    return throwError(() => body);
  }
}
