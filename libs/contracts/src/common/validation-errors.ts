import { ValidationError } from 'class-validator';
import { ErrorBody, errorBody, FieldError } from './errors';

/** Flattens class-validator output into per-field details, in declaration order. */
export function fieldErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const result: FieldError[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // Constraints are stored last-decorator-first; the first declared rule is the last key.
    const messages = Object.values(error.constraints ?? {});
    if (messages.length > 0) result.push({ field, message: messages[messages.length - 1] });
    if (error.children?.length) result.push(...fieldErrors(error.children, field));
  }
  return result;
}

/** 400 with the first problem as the message and every field's problem in details. */
export function validationErrorBody(errors: ValidationError[]): ErrorBody {
  const details = fieldErrors(errors);
  return errorBody(400, details[0]?.message ?? 'Invalid input', { code: 'validation_failed', details });
}

/** 400 for input refused before validation (see input-safety): the field and what is wrong with it. */
export function unsafeInputErrorBody(problem: { field: string; message: string }): ErrorBody {
  return errorBody(400, problem.message, { code: 'unsafe_input', details: problem.field ? [{ field: problem.field, message: problem.message }] : [] });
}
