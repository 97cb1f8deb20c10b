import { fireEvent, screen, within } from '@testing-library/react';
import { aSession } from '../test/builders';
import { fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { CorporateApplicationForm } from './CorporateApplicationForm';
import { GippApplicationForm } from './GippApplicationForm';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

const SETTINGS = { status: 200, body: { supportedCurrencies: ['USD'], featureToggles: {}, corporateDurations: [3, 6, 12], gippDurations: [12], corporateStructures: ['Partnership'] } };

function showForm(Form: typeof CorporateApplicationForm, name: string) {
  fakeGateway({ 'GET /settings/public': SETTINGS });
  const { manager } = fakeSessionManager(async () => aSession('customer'));
  renderRoutes([{ path: '/app', element: <Form draft={null} onDone={() => undefined} /> }], { path: '/app', session: manager });
  return screen.findByRole('form', { name });
}

// Spec 01 §2 and §5: both forms ask the company's name and registration; only the corporate form requires the name.
describe('the company fields of the corporate and GIPP forms', () => {
  it('requires the company name on the corporate form, keeping each field to 1000 characters', async () => {
    const form = await showForm(CorporateApplicationForm, 'Corporate investment application');
    expect(within(form).getByLabelText('Company name')).toHaveAttribute('maxlength', '1000');
    expect(within(form).getByLabelText('Company registration')).toHaveAttribute('maxlength', '1000');

    fireEvent.click(within(form).getByRole('button', { name: 'Submit Corporate Application' }));
    expect(await within(form).findByText('Company name is required')).toBeInTheDocument();
    expect(within(form).queryByText('Company registration is required')).not.toBeInTheDocument();
  });

  it('leaves the company name and registration optional on the GIPP form, with the same limits', async () => {
    const form = await showForm(GippApplicationForm, 'GIPP application');
    expect(within(form).getByLabelText('Company name')).toHaveAttribute('maxlength', '1000');
    expect(within(form).getByLabelText('Company registration')).toHaveAttribute('maxlength', '1000');

    fireEvent.click(within(form).getByRole('button', { name: 'Submit GIPP Application' }));
    // The form did check its fields (the full name is required), but not the company's.
    expect(await within(form).findByText('Full name is required')).toBeInTheDocument();
    expect(within(form).queryByText('Company name is required')).not.toBeInTheDocument();
  });
});
