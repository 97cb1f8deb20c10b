import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { PersonalApplicationForm } from './ApplicationForms';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

function showForm() {
  const gateway = fakeGateway({ 'GET /settings/public': { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {}, durations: { personal: [3, 6, 12, 24, 36] } } } });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <PersonalApplicationForm draft={null} onDone={() => undefined} /> }], { path: '/app', session: manager });
  return gateway;
}

describe('the personal form checks annual income as the server does (spec 01 §5: minimum 0, step 1000)', () => {
  it('refuses an income off the $1,000 step, which the arrows alone do not prevent, and takes whole thousands', async () => {
    showForm();
    const income = await screen.findByLabelText('Annual income (USD)', undefined, { timeout: 10_000 });
    fireEvent.change(income, { target: { value: '50500' } });
    expect(await screen.findByText('Annual income must be in steps of $1,000.', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(income).toHaveAttribute('aria-invalid', 'true');
    fireEvent.change(income, { target: { value: '51000' } });
    await waitFor(() => expect(income).not.toHaveAttribute('aria-invalid', 'true'), { timeout: 10_000 });
  });
});
