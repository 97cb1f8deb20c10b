import { registerDecorator, ValidateIf, ValidationArguments, ValidationOptions } from 'class-validator';
import { hasHiddenCharacters } from '@portal/domain-rules';
import { refusal } from './refusal';

/**
 * The field may be left out; sent, it is checked, null included. IsOptional lets null
 * through as if absent, and a null for a column that holds none answered 500 instead of 400.
 */
export function IsOmittable(options?: ValidationOptions): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined, options);
}

/**
 * Required, as text that is not blank, when another property of the same object has the
 * given value: a rejection's reason. Pair it with a ValidateIf that also checks an absent
 * value in that case (IsOmittable would skip it).
 */
export function IsFilledWhen(property: string, expected: unknown, options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isFilledWhen',
      target: target.constructor,
      propertyName,
      constraints: [property, expected],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          if ((args.object as Record<string, unknown>)[args.constraints[0]] !== args.constraints[1]) return true;
          return typeof value === 'string' && value.trim() !== '';
        },
      },
    });
  };
}

/** The property must equal another property of the same object (password confirmation). */
export function EqualsProperty(property: string, options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'equalsProperty',
      target: target.constructor,
      propertyName,
      constraints: [property],
      options,
      validator: {
        validate(value: unknown, args: ValidationArguments) {
          return value === (args.object as Record<string, unknown>)[args.constraints[0]];
        },
      },
    });
  };
}

/**
 * A person's or display name: no text-direction controls or zero-width characters
 * (hidden-characters.ts), so no name can pose as another on an admin screen. Anything
 * but a string is left to the field's IsString.
 */
export function IsPlainName(options?: ValidationOptions) {
  return (target: object, propertyName: string) => {
    registerDecorator({
      name: 'isPlainName',
      target: target.constructor,
      propertyName,
      options: { ...refusal('name_hidden_characters'), ...options },
      validator: { validate: (value: unknown) => typeof value !== 'string' || !hasHiddenCharacters(value) },
    });
  };
}
