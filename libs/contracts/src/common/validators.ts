import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';

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
