import 'reflect-metadata';
import { IsInt, Max, Min } from 'class-validator';
import { IsIntInRange } from './integer-variable';
import { ConfigurationError, loadEnvironment } from './load-environment';
import { ServiceEnvironment } from './service-environment';

class WrittenOut extends ServiceEnvironment {
  @IsInt()
  @Min(2)
  @Max(10)
  BOUNDED: number = 5;

  @IsInt()
  @Min(100)
  OPEN_ENDED: number = 500;
}

class InRange extends ServiceEnvironment {
  @IsIntInRange(2, 10)
  BOUNDED: number = 5;

  @IsIntInRange(100)
  OPEN_ENDED: number = 500;
}

function refusal(environment: new () => ServiceEnvironment, variables: NodeJS.ProcessEnv): string {
  try {
    loadEnvironment(environment, variables);
  } catch (error) {
    if (error instanceof ConfigurationError) return error.message;
    throw error;
  }
  throw new Error('expected the environment to be refused');
}

describe('IsIntInRange', () => {
  it('reads a whole number within the range, and its default', () => {
    expect(loadEnvironment(InRange, { BOUNDED: '10', OPEN_ENDED: '1000000' })).toMatchObject({ BOUNDED: 10, OPEN_ENDED: 1_000_000 });
    expect(loadEnvironment(InRange, {})).toMatchObject({ BOUNDED: 5, OPEN_ENDED: 500 });
  });

  it.each([
    ['below the range', { BOUNDED: '1' }],
    ['above the range', { BOUNDED: '11' }],
    ['a fraction', { BOUNDED: '2.5' }],
    ['not a number', { BOUNDED: 'many' }],
    ['below an open-ended range', { OPEN_ENDED: '99' }],
  ])('refuses %s with the messages the decorators written out give', (_case, variables) => {
    expect(refusal(InRange, variables)).toBe(refusal(WrittenOut, variables));
  });
});
