import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { linkIn, MailInbox } from './mail-inbox';
import { PortalApi, uniqueEmail } from './portal-api';

export interface SignedInAccount {
  email: string;
  password: string;
  accessToken: string;
  refreshToken: string;
  user: { id: string; userType: string; adminRole: string | null; firstName: string; lastName: string };
  api: PortalApi;
}

type SessionBody = Pick<SignedInAccount, 'accessToken' | 'refreshToken' | 'user'>;

export interface CustomerDraft {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
}

/** Signs a customer up, confirms the email from the link in their inbox and returns the session. */
export async function confirmedCustomer(api: PortalApi, inbox: MailInbox, draft: CustomerDraft = {}): Promise<SignedInAccount> {
  const email = draft.email ?? uniqueEmail();
  const password = draft.password ?? 'correct-horse-7';
  const signUp = await api.post('/api/v1/auth/signup', {
    firstName: draft.firstName ?? 'Ada',
    lastName: draft.lastName ?? 'Lovelace',
    email,
    password,
    confirmPassword: password,
    userType: 'customer',
  });
  if (signUp.status !== 201) throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
  const token = await confirmationTokenFor(inbox, email);
  const confirmed = await api.post<SessionBody>('/api/v1/auth/confirm-email', { token });
  if (confirmed.status !== 200) throw new Error(`confirmation failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  return { ...confirmed.body, email, password, api: api.withToken(confirmed.body.accessToken) };
}

/** The token of the newest confirmation link emailed to the address. */
export async function confirmationTokenFor(inbox: MailInbox, email: string): Promise<string> {
  const message = await inbox.lastEmailTo(email, { subject: /confirm/i });
  const token = linkIn(message, '/auth/email-confirmed').searchParams.get('token');
  if (!token) throw new Error('confirmation link has no token');
  return token;
}

export async function signIn(api: PortalApi, email: string, password: string): Promise<SignedInAccount> {
  const response = await api.post<SessionBody>('/api/v1/auth/login', { email, password });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { ...response.body, email, password, api: api.withToken(response.body.accessToken) };
}

/** Creates an admin with the project's own create-admin command, then signs them in. */
export async function adminAccount(
  api: PortalApi,
  options: { root: string; env: NodeJS.ProcessEnv; role?: 'super_admin' | 'admin' | 'moderator' | 'support' },
): Promise<SignedInAccount> {
  const email = uniqueEmail('admin');
  const password = 'Admin#Pass2026';
  const result = spawnSync(
    process.execPath,
    [join(options.root, 'apps/identity/dist/cli/create-admin.js'), '--email', email, '--password', password, '--first-name', 'Grace', '--last-name', 'Hopper', '--role', options.role ?? 'super_admin'],
    { env: options.env, encoding: 'utf8' },
  );
  if (result.status !== 0) throw new Error(`create-admin failed: ${result.stderr || result.stdout}`);
  return signIn(api, email, password);
}
