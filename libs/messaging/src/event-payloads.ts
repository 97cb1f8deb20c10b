import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { EventDefinition } from '@portal/contracts';

/** An event whose payload breaks its contract; redelivering it cannot help. */
export class InvalidEventPayloadError extends Error {
  constructor(subject: string, problems: string[]) {
    super(`${subject} payload is invalid: ${problems.join('; ')}`);
    this.name = 'InvalidEventPayloadError';
  }
}

/** The payload as an instance of the event's class, checked against its rules; throws InvalidEventPayloadError. */
export async function validEventPayload<P extends object>(event: EventDefinition<P>, payload: unknown): Promise<P> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new InvalidEventPayloadError(event.subject, ['payload is not an object']);
  const instance: P = plainToInstance(event.payload, payload as Record<string, unknown>) as P;
  const errors = await validate(instance, { forbidUnknownValues: false });
  if (errors.length > 0) {
    throw new InvalidEventPayloadError(
      event.subject,
      errors.map((error) => `${error.property}: ${Object.values(error.constraints ?? {}).join(', ')}`),
    );
  }
  return instance;
}
