import { createPasskey, isPasskeyCeremonyError, signWithPasskey } from './passkey-ceremony';

const browser = {
  browserSupportsWebAuthn: jest.fn(() => true),
  startRegistration: jest.fn(),
  startAuthentication: jest.fn(),
};
jest.mock('@simplewebauthn/browser', () => browser);

/** What @simplewebauthn/browser throws: a WebAuthnError with a code, the browser's DOMException as its cause. */
function webAuthnError(code: string, causeName: string) {
  return Object.assign(new Error('ceremony failed'), { name: causeName, code, cause: { name: causeName } });
}

async function problemOf(ceremony: Promise<unknown>) {
  const error = await ceremony.catch((caught: unknown) => caught);
  if (!isPasskeyCeremonyError(error)) throw new Error('expected a ceremony error');
  return error.problem;
}

describe('passkey ceremonies', () => {
  beforeEach(() => jest.clearAllMocks());

  it('hands the gateway options to the browser and returns its answer', async () => {
    browser.startAuthentication.mockResolvedValue({ id: 'abc' });
    await expect(signWithPasskey({ challenge: 'xyz' })).resolves.toEqual({ id: 'abc' });
    expect(browser.startAuthentication).toHaveBeenCalledWith({ optionsJSON: { challenge: 'xyz' } });
  });

  it('tells a dismissed or refused prompt (NotAllowedError) as cancelled', async () => {
    browser.startAuthentication.mockRejectedValue(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'));
    expect(await problemOf(signWithPasskey({ challenge: 'xyz' }))).toBe('cancelled');
    browser.startRegistration.mockRejectedValue(webAuthnError('ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY', 'NotAllowedError'));
    expect(await problemOf(createPasskey({ challenge: 'xyz' }))).toBe('cancelled');
  });

  it('tells an authenticator that already holds a passkey for the account, and a browser without WebAuthn', async () => {
    browser.startRegistration.mockRejectedValue(webAuthnError('ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED', 'InvalidStateError'));
    expect(await problemOf(createPasskey({ challenge: 'xyz' }))).toBe('already-registered');
    browser.browserSupportsWebAuthn.mockReturnValueOnce(false);
    expect(await problemOf(signWithPasskey({ challenge: 'xyz' }))).toBe('unsupported');
    expect(browser.startAuthentication).not.toHaveBeenCalled();
  });
});
