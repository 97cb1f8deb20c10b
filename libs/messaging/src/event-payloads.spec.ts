import { IsEmail, IsInt, IsUUID, Min } from 'class-validator';
import { defineEvent } from '@portal/contracts';
import { InvalidEventPayloadError, validEventPayload } from './event-payloads';

class DepositReceivedEvent {
  @IsUUID() accountId: string;
  @IsInt() @Min(1) amountCents: number;
  @IsEmail() notifyEmail: string;

  describe(): string {
    return `${this.amountCents} to ${this.accountId}`;
  }
}

const depositReceived = defineEvent('ledger.deposit.received.v1', DepositReceivedEvent);
const valid = { accountId: '5a3c0a54-6f4e-4a4e-9d3c-8c1f0a2b7e11', amountCents: 500, notifyEmail: 'ada@example.com' };

async function refusal(payload: unknown): Promise<InvalidEventPayloadError> {
  const error = await validEventPayload(depositReceived, payload).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(InvalidEventPayloadError);
  return error as InvalidEventPayloadError;
}

describe('validEventPayload', () => {
  it("returns the payload as an instance of the event's class", async () => {
    const payload = await validEventPayload(depositReceived, { ...valid });
    expect(payload).toBeInstanceOf(DepositReceivedEvent);
    expect(payload).toEqual(Object.assign(new DepositReceivedEvent(), valid));
    expect(payload.describe()).toBe('500 to 5a3c0a54-6f4e-4a4e-9d3c-8c1f0a2b7e11');
  });

  it.each([['null', null], ['a string', 'deposit'], ['a number', 5], ['an array', [valid]], ['undefined', undefined]])('refuses %s: not an object', async (_kind, payload) => {
    const error = await refusal(payload);
    expect(error.name).toBe('InvalidEventPayloadError');
    expect(error.message).toBe('ledger.deposit.received.v1 payload is invalid: payload is not an object');
  });

  it('refuses a payload breaking its rules, naming every field at fault', async () => {
    const error = await refusal({ ...valid, accountId: 'not-a-uuid', amountCents: 0 });
    expect(error.message).toMatch(/^ledger\.deposit\.received\.v1 payload is invalid: /);
    expect(error.message).toMatch(/accountId: accountId must be a UUID/);
    expect(error.message).toMatch(/amountCents: amountCents must not be less than 1/);
    expect(error.message).not.toMatch(/notifyEmail/);
  });

  it('refuses a payload missing a field', async () => {
    const { notifyEmail: _left, ...withoutEmail } = valid;
    const error = await refusal(withoutEmail);
    expect(error.message).toMatch(/notifyEmail: notifyEmail must be an email/);
  });
});
