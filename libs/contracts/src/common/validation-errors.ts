import { ValidationError } from 'class-validator';
import { ErrorBody, errorBody, FieldError } from './errors';
import type { RefusalContext } from './refusal';

/** The code (and placeholder values) a rule's context gives its refusal of this value, if any. */
function codeOf(context: unknown, value: unknown): Pick<FieldError, 'code' | 'params'> {
  const given = context as Partial<RefusalContext> | undefined;
  const found = given?.refusalOf ? given.refusalOf(value) : given;
  if (!found?.code) return {};
  return found.params ? { code: found.code, params: found.params } : { code: found.code };
}

/** Flattens class-validator output into per-field details, in declaration order. */
export function fieldErrors(errors: ValidationError[], prefix = ''): FieldError[] {
  const result: FieldError[] = [];
  for (const error of errors) {
    const field = prefix ? `${prefix}.${error.property}` : error.property;
    // Constraints are stored last-decorator-first; the first declared rule is the last key.
    const constraints = Object.entries(error.constraints ?? {});
    if (constraints.length > 0) {
      const [constraint, message] = constraints[constraints.length - 1];
      // The code comes from the same rule as the message.
      result.push({ field, message, ...codeOf(error.contexts?.[constraint], error.value) });
    }
    if (error.children?.length) result.push(...fieldErrors(error.children, field));
  }
  return result;
}

/** 400 with the first problem as the message and every field's problem in details. */
export function validationErrorBody(errors: ValidationError[]): ErrorBody {
  const details = fieldErrors(errors);
  const first = details[0];
  // The first problem's code, when it has one, stands for the whole refusal.
  return errorBody(400, first?.message ?? 'Invalid input', { code: first?.code ?? 'validation_failed', ...(first?.params && { params: first.params }), details });
}

/** 400 for input refused before validation (see input-safety): the field and what is wrong with it. */
export function unsafeInputErrorBody(problem: { field: string; message: string }): ErrorBody {
  return errorBody(400, problem.message, { code: 'unsafe_input', details: problem.field ? [{ field: problem.field, message: problem.message }] : [] });
}
