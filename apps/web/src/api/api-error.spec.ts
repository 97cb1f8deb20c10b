import applicationsDe from '../applications/locales/de.json';
import applications from '../applications/locales/es.json';
import cardsDe from '../cards/locales/de.json';
import cards from '../cards/locales/es.json';
import { i18n } from '../i18n/i18n';
import kyc from '../kyc/locales/es.json';
import money from '../money/locales/es.json';
import support from '../support/locales/es.json';
import systemSettingsDe from '../system-settings/locales/de.json';
import systemSettings from '../system-settings/locales/es.json';
import { fakeGateway } from '../test/gateway';
import users from '../users/locales/es.json';
import { serverText } from './api-error';
import { callGateway } from './http';
import serverDe from './locales/de.json';
import server from './locales/es.json';

/** A refusal as the gateway sends it: the English text, its code and the status word in `params`. */
const refusal = (message: string, code: string, params: Record<string, string>) => ({ status: 409, body: { statusCode: 409, error: 'Conflict', message, code, params } });

describe('server refusals naming a status, read in Spanish', () => {
  beforeAll(async () => {
    // Unit tests load English only; these are the catalogues a Spanish admin's screens hold.
    for (const [namespace, texts] of Object.entries({ server, money, support, users, kyc, cards, applications, 'system-settings': systemSettings })) i18n.addResourceBundle('es', namespace, texts);
    await i18n.changeLanguage('es');
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('shows an approval of a completed transaction refused in Spanish, with the Spanish status word', async () => {
    fakeGateway({ 'POST /admin/transactions/7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40/approve': refusal('This transaction is already completed.', 'already_decided', { status: 'completed' }) });
    const approving = callGateway((client, init) => client.POST('/api/v1/admin/transactions/{id}/approve', { ...init, params: { path: { id: '7f1c2a6e-0c1d-4a57-9a3e-5b8c1d2e3f40' } } }), { authenticated: false });
    await expect(approving).rejects.toMatchObject({ status: 409, code: 'already_decided', message: 'Esta transacción ya está completada.' });
  });

  it('words each status and role as its sentence needs', () => {
    expect(serverText('security_deposit_unchanged', 'This security deposit is already locked.', { status: 'locked' })).toBe('Este depósito de garantía ya está bloqueado.');
    expect(serverText('ticket_status_unchanged', 'The ticket is already in progress.', { status: 'in progress' })).toBe('El ticket ya está en curso.');
    expect(serverText('account_status_unchanged', 'This account is already suspended.', { status: 'suspended' })).toBe('Esta cuenta ya está en estado suspendido.');
    expect(serverText('admin_role_unchanged', 'This administrator is already super_admin.', { role: 'super_admin' })).toBe('Este administrador ya tiene el rol "Superadministrador".');
    expect(serverText('document_already_reviewed', 'This document has already been approved.', { status: 'approved' })).toBe('Este documento ya ha sido aprobado.');
    expect(serverText('kyc_already_decided', 'KYC has already been verified.', { status: 'verified' })).toBe('El KYC ya ha sido verificado.');
  });

  it('words a refused card or application decision with both its status and decision in Spanish', () => {
    expect(serverText('card_decision_not_pending', 'Only pending card requests can be rejected. This request is delivered.', { decision: 'rejected', status: 'delivered' })).toBe(
      'Solo las solicitudes de tarjeta pendientes pueden pasar al estado "Rechazada". Esta solicitud está en estado "Entregada".',
    );
    expect(serverText('not_pending', 'Only pending card requests can be cancelled. This request is approved.', { status: 'approved' })).toBe(
      'Solo se pueden cancelar las solicitudes de tarjeta pendientes. Esta solicitud está en estado "Aprobada".',
    );
    expect(serverText('invalid_transition', 'An application that is under review cannot be moved to under review.', { status: 'under review', decision: 'under review' })).toBe(
      'Una solicitud que está en revisión no puede pasar al estado "En revisión".',
    );
  });

  it('names the permission an admin role lacks by its label in System Settings', () => {
    expect(serverText('admin_role_lacks_permission', 'Access denied. Your admin role does not include reports.', { permission: 'reports' })).toBe(
      'Acceso denegado. Su rol de administrador no incluye "Informes".',
    );
  });

  it('shows a status the app has no label for as the server sent it', () => {
    expect(serverText('already_decided', 'This transaction is already archived.', { status: 'archived' })).toBe('Esta transacción ya está archived.');
  });
});

describe('server refusals naming a status and a decision, read in German', () => {
  beforeAll(async () => {
    for (const [namespace, texts] of Object.entries({ server: serverDe, cards: cardsDe, applications: applicationsDe, 'system-settings': systemSettingsDe })) i18n.addResourceBundle('de', namespace, texts);
    await i18n.changeLanguage('de');
  });
  afterAll(() => i18n.changeLanguage('en'));

  it('names both words by the German labels', () => {
    expect(serverText('card_delivery_not_approved', 'Only approved card requests can be marked delivered. This request is pending.', { status: 'pending' })).toBe(
      'Nur genehmigte Kartenanträge können als zugestellt markiert werden. Dieser Antrag hat den Status „Ausstehend“.',
    );
    expect(serverText('invalid_transition', 'An application that is approved cannot be moved to rejected.', { status: 'approved', decision: 'rejected' })).toBe(
      'Ein Antrag, der genehmigt ist, kann nicht in den Status „Abgelehnt“ versetzt werden.',
    );
    expect(serverText('admin_role_lacks_permission', 'Access denied. Your admin role does not include transactions.', { permission: 'transactions' })).toBe(
      'Zugriff verweigert. Ihre Administratorrolle umfasst nicht „Transaktionen“.',
    );
  });
});

describe('server refusals naming a status, read in English', () => {
  it('reads as the server wrote it', () => {
    expect(serverText('already_decided', 'This transaction is already failed.', { status: 'failed' })).toBe('This transaction is already failed.');
    expect(serverText('ticket_status_unchanged', 'The ticket is already in progress.', { status: 'in progress' })).toBe('The ticket is already in progress.');
    expect(serverText('card_decision_not_pending', 'Only pending card requests can be approved. This request is cancelled.', { decision: 'approved', status: 'cancelled' })).toBe(
      'Only pending card requests can be approved. This request is cancelled.',
    );
    expect(serverText('admin_role_lacks_permission', 'Access denied. Your admin role does not include kyc.', { permission: 'kyc' })).toBe('Access denied. Your admin role does not include kyc.');
  });
});
