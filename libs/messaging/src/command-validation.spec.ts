import 'reflect-metadata';
import { IsString } from 'class-validator';
import { commandValidationPipe } from './rpc';
import { ServiceError } from './service-error';

class RenamePayload {
  @IsString() name: string;
}

async function refusal(value: unknown): Promise<ServiceError> {
  const error = await commandValidationPipe()
    .transform(value, { type: 'custom', metatype: RenamePayload })
    .then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('command payload validation in every service', () => {
  it('passes a valid payload through as its class', async () => {
    expect(await commandValidationPipe().transform({ name: 'Ada', extra: 1 }, { type: 'custom', metatype: RenamePayload })).toEqual(Object.assign(new RenamePayload(), { name: 'Ada' }));
  });

  it('refuses text PostgreSQL cannot store, even from another service that skipped the gateway', async () => {
    expect((await refusal({ name: 'a\u0000b' })).body).toMatchObject({ statusCode: 400, code: 'unsafe_input', details: [{ field: 'name' }] });
    expect((await refusal({ name: '\udfff' })).body).toMatchObject({ statusCode: 400, code: 'unsafe_input' });
  });

  it('refuses absurdly deep payloads before the recursive validator sees them', async () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 5_000; level += 1) deep = { name: deep };
    expect((await refusal(deep)).body).toMatchObject({ statusCode: 400, code: 'unsafe_input' });
  });
});
