import { plainToInstance } from 'class-transformer';
import { getMetadataStorage, validateSync, ValidationError } from 'class-validator';

export class ConfigurationError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration: ${problems.join('; ')}`);
    this.name = 'ConfigurationError';
  }
}

function describe(errors: ValidationError[]): string[] {
  return errors.map((error) => {
    const reasons = Object.values(error.constraints ?? {}).join(', ');
    const shown = error.value === undefined ? 'missing' : 'bad value';
    return `${error.property} (${shown}): ${reasons}`;
  });
}

/**
 * Reads configuration from the environment only, applies the class's defaults and
 * fails fast with the names of the bad or missing variables.
 */
export function loadEnvironment<T extends object>(
  schema: new () => T,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const defaults = new schema() as Record<string, unknown>;
  const supplied: Record<string, unknown> = {};
  for (const key of declaredVariables(schema, defaults)) {
    const value = env[key];
    if (value !== undefined && value !== '') supplied[key] = value;
  }
  const instance = plainToInstance(schema, { ...defaults, ...supplied }, { enableImplicitConversion: true });
  const errors = validateSync(instance, { forbidUnknownValues: false });
  if (errors.length > 0) throw new ConfigurationError(describe(errors));
  return instance;
}

// Variables are the class's properties: those with a default, plus optional ones that
// only exist in the class-validator metadata.
function declaredVariables(schema: new () => object, defaults: Record<string, unknown>): Set<string> {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(schema, '', true, false);
  return new Set([...Object.keys(defaults), ...metadata.map((entry) => entry.propertyName)]);
}
