import { IsInt, Max, Min } from 'class-validator';

/**
 * A whole-number variable from `min` up to `max` (no upper bound when omitted): the same
 * constraints, in the same order, as `@IsInt() @Min(min) @Max(max)` written out.
 */
export function IsIntInRange(min: number, max?: number): PropertyDecorator {
  return (target, propertyKey) => {
    // Decorators written out apply bottom-up; this keeps the order their messages come in.
    if (max !== undefined) Max(max)(target, propertyKey as string);
    Min(min)(target, propertyKey as string);
    IsInt()(target, propertyKey as string);
  };
}
