import { USER_MESSAGES } from '@portal/contracts';
import { fieldRefusal, ServiceError } from './service-error';

describe('ServiceError.of: a refusal by its code', () => {
  it("sends the catalogue's English text with the code and no placeholder values when the text has none", () => {
    expect(ServiceError.of(404, 'ticket_not_found').body).toEqual({ statusCode: 404, error: 'Not Found', message: USER_MESSAGES.ticket_not_found, code: 'ticket_not_found' });
  });

  it('fills the placeholders and sends their values as text, for a client that translates the message', () => {
    const body = ServiceError.of(503, 'service_unavailable', { params: { name: 'ledger' } }).body;
    expect(body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: 'The ledger service is unavailable. Please try again shortly.', code: 'service_unavailable', params: { name: 'ledger' } });
  });

  it('keeps field details with their own codes, and a wait for a client to honour', () => {
    const body = ServiceError.of(429, 'service_timeout', { params: { name: 'identity' }, details: [fieldRefusal('adminResponse', 'ticket_not_found')], retryAfterSeconds: 30 }).body;
    expect(body.retryAfterSeconds).toBe(30);
    expect(body.details).toEqual([{ field: 'adminResponse', message: USER_MESSAGES.ticket_not_found, code: 'ticket_not_found' }]);
  });
});
