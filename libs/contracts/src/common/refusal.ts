import type { ValidationOptions } from 'class-validator';
import { userMessage, type UserMessageCode } from '@portal/domain-rules';
import { messageParams, type MessageParams } from './errors';

/**
 * The code of a validation rule's message, kept in the rule's `context` (class-validator
 * hands it back in `ValidationError.contexts[constraint]`), so a refusal is sent with its
 * code rather than one found again from the English text.
 */
export interface RefusalContext {
  code: UserMessageCode;
  /** Values of the message's `{{placeholders}}`. */
  params?: Record<string, string>;
  /** For a rule whose message depends on the value refused (bank details): its code and values. */
  refusalOf?: (value: unknown) => RefusalContext;
}

/** A catalogue message's code and its placeholder values, as text as they are sent. */
export function refusalContext(code: UserMessageCode, params?: MessageParams): RefusalContext {
  const values = messageParams(params);
  return values ? { code, params: values } : { code };
}

/**
 * Options of a validation decorator refusing with a catalogue message: its English text
 * and, in the context, its code. Other options (such as `each`) are kept.
 */
export function refusal(code: UserMessageCode, params?: MessageParams, options: ValidationOptions = {}): ValidationOptions {
  return { ...options, message: userMessage(code, params), context: refusalContext(code, params) };
}
