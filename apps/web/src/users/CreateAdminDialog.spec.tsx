import { fireEvent, screen, waitFor } from '@testing-library/react';
import { aSession, aUser } from '../test/builders';
import { envelope, fakeGateway } from '../test/gateway';
import { fakeSessionManager, renderRoutes } from '../test/render';
import { CreateAdminDialog } from './CreateAdminDialog';

// The first render compiles antd's forms; the machine running the suite may be busy.
jest.setTimeout(120_000);

type Label = 'First name' | 'Last name' | 'Email' | 'Password' | 'Confirm password';

const valid: Record<Label, string> = {
  'First name': ' Grace ',
  'Last name': 'Hopper',
  Email: ' grace@example.test ',
  Password: 'Str0ng!Pass',
  'Confirm password': 'Str0ng!Pass',
};

function showDialog(answers: Parameters<typeof fakeGateway>[0] = {}) {
  const gateway = fakeGateway(answers);
  const onClose = jest.fn();
  const onCreated = jest.fn();
  const { manager } = fakeSessionManager(async () => aSession('admin'));
  renderRoutes([{ path: '/app', element: <CreateAdminDialog open onClose={onClose} onCreated={onCreated} /> }], { path: '/app', session: manager });
  return { ...gateway, onClose, onCreated };
}

const createButton = () => screen.getByRole('button', { name: 'Create Admin' });

async function fill(fields: Partial<Record<Label, string>>) {
  await screen.findByLabelText('First name', undefined, { timeout: 10_000 });
  for (const [label, value] of Object.entries(fields)) {
    const input = screen.getByLabelText(label);
    fireEvent.change(input, { target: { value } });
    fireEvent.blur(input);
  }
}

describe('the Create Admin dialog (spec 02 §5)', () => {
  it('keeps Create disabled while the fields are empty, and says all fields are required when one is left empty', async () => {
    showDialog();
    await fill({});
    expect(createButton()).toBeDisabled();
    fireEvent.blur(screen.getByLabelText('First name'));
    expect(await screen.findByText('All fields are required')).toBeInTheDocument();
    await fill({ ...valid, 'Last name': '' });
    expect(createButton()).toBeDisabled();
  });

  it('keeps Create disabled with an invalid email', async () => {
    showDialog();
    await fill({ ...valid, Email: 'grace@example' });
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
  });

  it('keeps Create disabled with a weak password, listing each requirement it misses', async () => {
    showDialog();
    await fill({ ...valid, Password: 'weakpass', 'Confirm password': 'weakpass' });
    expect(await screen.findByText('Password requirements not met')).toBeInTheDocument();
    expect(screen.getByText('• One uppercase letter')).toBeInTheDocument();
    expect(screen.getByText('• One number')).toBeInTheDocument();
    expect(screen.getByText('• One special character')).toBeInTheDocument();
    // Those it meets are not listed.
    expect(screen.queryByText('• At least 8 characters')).not.toBeInTheDocument();
    expect(screen.queryByText('• One lowercase letter')).not.toBeInTheDocument();
    expect(createButton()).toBeDisabled();
  });

  it('keeps Create disabled while the confirmation does not match', async () => {
    showDialog();
    await fill({ ...valid, 'Confirm password': 'Str0ng!Pas' });
    expect(await screen.findByText('Passwords do not match', undefined, { timeout: 10_000 })).toBeInTheDocument();
    expect(createButton()).toBeDisabled();
  });

  it('enables Create once every field is filled, valid and matching, and sends the admin to create', async () => {
    const { calls, onClose, onCreated } = showDialog({ 'POST /admin/admins': { status: 201, body: aUser({ userType: 'admin', adminRole: 'moderator' }) } });
    await fill(valid);
    await waitFor(() => expect(createButton()).toBeEnabled(), { timeout: 10_000 });
    fireEvent.click(createButton());
    await waitFor(() => expect(onCreated).toHaveBeenCalled(), { timeout: 10_000 });
    expect(onClose).toHaveBeenCalled();
    expect(calls.filter((call) => call.method === 'POST' && call.path === '/admin/admins').map((call) => call.body)).toEqual([
      { firstName: 'Grace', lastName: 'Hopper', email: 'grace@example.test', password: 'Str0ng!Pass', confirmPassword: 'Str0ng!Pass', adminRole: 'moderator' },
    ]);
  });

  it('disables Create again when a valid form is made invalid', async () => {
    showDialog();
    await fill(valid);
    await waitFor(() => expect(createButton()).toBeEnabled(), { timeout: 10_000 });
    await fill({ Password: 'Str0ng!Pass2' });
    await waitFor(() => expect(createButton()).toBeDisabled(), { timeout: 10_000 });
    expect(await screen.findByText('Passwords do not match', undefined, { timeout: 10_000 })).toBeInTheDocument();
  });

  it('shows the server’s refusal as given', async () => {
    const { onCreated } = showDialog({ 'POST /admin/admins': envelope(409, 'An account with this email already exists', 'duplicate_email') });
    await fill(valid);
    await waitFor(() => expect(createButton()).toBeEnabled(), { timeout: 10_000 });
    fireEvent.click(createButton());
    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists');
    expect(onCreated).not.toHaveBeenCalled();
  });
});
