import 'reflect-metadata';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { PasskeyAssertionPayload, PasskeyMessages, RegisterPasskeyPayload } from './passkeys';

function messagesOf(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [...Object.values(error.constraints ?? {}), ...messagesOf(error.children ?? [])]);
}

async function problems<T extends object>(type: new () => T, body: unknown): Promise<string[]> {
  return messagesOf(await validate(plainToInstance(type, body) as object, { whitelist: true }));
}

const assertion = {
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  clientExtensionResults: {},
  response: { clientDataJSON: 'e30', authenticatorData: 'YQ', signature: 'Yg', userHandle: 'dQ' },
};
const registration = { id: 'Y3JlZA', rawId: 'Y3JlZA', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'YQ', transports: ['internal', 'hybrid'] } };

describe('passkey payloads', () => {
  it('accept what a browser sends', async () => {
    expect(await problems(PasskeyAssertionPayload, { credential: assertion })).toEqual([]);
    expect(await problems(RegisterPasskeyPayload, { name: 'Work laptop', credential: registration })).toEqual([]);
  });

  it.each([null, [], 'text', 42, true, {}])('refuse a credential of %j with the passkey message only', async (credential) => {
    const found = await problems(PasskeyAssertionPayload, { credential });
    expect(found.length).toBeGreaterThan(0);
    expect(new Set(found)).toEqual(new Set([PasskeyMessages.responseInvalid]));
  });

  it.each([
    ['a signature that is not base64url', { ...assertion, response: { ...assertion.response, signature: 'not base64!' } }],
    ['a missing response', { ...assertion, response: undefined }],
    ['another credential type', { ...assertion, type: 'password' }],
    ['extension results that are not an object', { ...assertion, clientExtensionResults: [] }],
  ])('refuse %s', async (_, credential) => {
    expect(await problems(PasskeyAssertionPayload, { credential })).toContain(PasskeyMessages.responseInvalid);
  });

  it('refuse unknown transports, and names that are blank, not text or too long', async () => {
    expect(await problems(RegisterPasskeyPayload, { name: 'Key', credential: { ...registration, response: { ...registration.response, transports: ['carrier-pigeon'] } } })).toContain(
      PasskeyMessages.responseInvalid,
    );
    expect(await problems(RegisterPasskeyPayload, { name: '   ', credential: registration })).toContain(PasskeyMessages.nameRequired);
    expect(await problems(RegisterPasskeyPayload, { name: null, credential: registration })).toContain(PasskeyMessages.nameRequired);
    expect(await problems(RegisterPasskeyPayload, { name: 'x'.repeat(65), credential: registration })).toContain(PasskeyMessages.nameTooLong);
  });
});
