import * as contracts from '../index';
import { DataExportCommands } from '../common/data-export';
import { DEAD_LETTER_STREAM, deadLetterCommands } from '../common/dead-letters';
import { BACKEND_SERVICES, BackendService, healthCommand } from '../common/health';
import { CommandDefinition, StreamDefinition } from '../common/messages';
import { ApplicationsCommands } from '../applications/commands';
import { APPLICATIONS_EVENTS_STREAM } from '../applications/events';
import { NOTIFICATION_EVENTS_STREAM } from '../audit/service-streams';
import { ApplicationsBackOfficeCommands } from '../back-office/applications';
import { LedgerEarningsCommands } from '../back-office/earnings';
import { IdentityBackOfficeCommands } from '../back-office/identity';
import { KycBackOfficeCommands } from '../back-office/kyc';
import { LedgerBackOfficeCommands } from '../back-office/ledger';
import { AccountClosureCommands } from '../identity/account-closure';
import { IDENTITY_EVENTS_STREAM, IdentityCommands, IdentityEvents } from '../identity/subjects';
import { KycDocumentCommands } from '../kyc/documents';
import { KYC_EVENTS_STREAM } from '../kyc/events';
import { KycFileCommands } from '../kyc/files';
import { KycVerificationCommands } from '../kyc/verification';
import { CardCommands } from '../ledger/cards';
import { LedgerCommands } from '../ledger/commands';
import { LEDGER_EVENTS_STREAM } from '../ledger/events';
import { LedgerInvestmentCommands } from '../ledger/investments';
import { LedgerPerformanceCommands } from '../ledger/performance';
import { LedgerStatementCommands } from '../ledger/statements';
import { NotificationCommands } from '../notification/commands';
import { WebhookCommands } from '../notification/webhooks';
import { SupportCommands } from '../support/commands';
import { SUPPORT_EVENTS_STREAM } from '../support/events';

/**
 * What each process may do on the bus, declared once: the commands it serves and calls,
 * the stream its outbox publishes, the streams it reads and how. `npm run nats:config`
 * turns this into one NATS user per process with exactly these permissions, and a unit
 * spec (access.spec.ts) scans apps/<process>/src so that a command sent or a stream read
 * without being declared here fails the build instead of failing in production with a
 * permissions violation.
 */

/** Every process that logs in to NATS: the backend services and the gateway. */
export const BUS_PROCESSES = [...BACKEND_SERVICES, 'gateway'] as const;
export type BusProcess = (typeof BUS_PROCESSES)[number];

/** The login of internal subscribers outside this repository: reads event streams through durable consumers of its own. */
export const EVENTS_READER = 'events-reader';

/** Every event stream (the dead-letter stream is not one: it is the services' own). */
export const EVENT_STREAMS: readonly StreamDefinition[] = [
  IDENTITY_EVENTS_STREAM,
  APPLICATIONS_EVENTS_STREAM,
  LEDGER_EVENTS_STREAM,
  SUPPORT_EVENTS_STREAM,
  KYC_EVENTS_STREAM,
  NOTIFICATION_EVENTS_STREAM,
];

/** A durable consumer (DurableEventConsumer): its name is the service's, shared by its replicas. */
export interface DurableRead {
  stream: StreamDefinition;
  durable: string;
}

/** An ordered, ephemeral consumer (random name, no acknowledgements): live updates, settings changes. */
export interface LiveRead {
  stream: StreamDefinition;
  /** The consumer's single filter subject; the whole stream when absent. */
  filter?: string;
}

export interface BusAccess {
  process: BusProcess;
  /** Commands it calls (request/reply). */
  calls: readonly CommandDefinition[];
  /** The stream its outbox publishes to, if any. */
  publishes: StreamDefinition | null;
  /** Durable consumers it reads (and acknowledges). */
  consumes: readonly DurableRead[];
  /** Ordered consumers it reads. */
  liveReads: readonly LiveRead[];
  /** Creates or widens the streams it touches (ensureStream): true for the services, false for the gateway, which only checks they exist. */
  createsStreams: boolean;
  /** Writes, lists and replays its dead letters in DEAD_LETTER_STREAM. */
  deadLetters: boolean;
}

function pick<T extends Record<string, CommandDefinition>>(commands: T, ...names: (keyof T)[]): CommandDefinition[] {
  return names.map((name) => commands[name]);
}

/** What PlatformSettingsModule does in every service that imports it: loads the settings and follows their changes. */
const PLATFORM_SETTINGS = {
  calls: [IdentityCommands.getAllSettings],
  liveReads: [{ stream: IDENTITY_EVENTS_STREAM, filter: IdentityEvents.settingChanged.subject }],
};

/** What ServiceRuntimeModule (libs/messaging) sends from every service: a refused command goes to the audit trail. */
const SERVICE_RUNTIME = {
  calls: [IdentityCommands.recordRefusedCommand],
};

function service(process: BackendService, access: Partial<Pick<BusAccess, 'calls' | 'consumes' | 'liveReads'>> & { publishes: StreamDefinition }): BusAccess {
  return { process, consumes: [], liveReads: [], createsStreams: true, deadLetters: true, ...access, calls: [...SERVICE_RUNTIME.calls, ...(access.calls ?? [])] };
}

function durable(process: BackendService, ...streams: StreamDefinition[]): DurableRead[] {
  return streams.map((stream) => ({ stream, durable: process }));
}

export const BUS_ACCESS: Readonly<Record<BusProcess, BusAccess>> = {
  identity: service('identity', {
    publishes: IDENTITY_EVENTS_STREAM,
    calls: [KycFileCommands.ownedFiles, LedgerCommands.getBalance],
    consumes: durable('identity', KYC_EVENTS_STREAM, APPLICATIONS_EVENTS_STREAM, LEDGER_EVENTS_STREAM, SUPPORT_EVENTS_STREAM, NOTIFICATION_EVENTS_STREAM),
  }),
  applications: service('applications', {
    publishes: APPLICATIONS_EVENTS_STREAM,
    calls: [...PLATFORM_SETTINGS.calls, ...pick(IdentityCommands, 'findUserIds', 'getCurrentUser', 'lookupUsers'), KycFileCommands.ownedFiles, LedgerInvestmentCommands.lookupInvestments],
    consumes: durable('applications', IDENTITY_EVENTS_STREAM),
    liveReads: PLATFORM_SETTINGS.liveReads,
  }),
  ledger: service('ledger', {
    publishes: LEDGER_EVENTS_STREAM,
    calls: [...PLATFORM_SETTINGS.calls, ...pick(IdentityCommands, 'findUserIds', 'lookupUsers')],
    consumes: durable('ledger', APPLICATIONS_EVENTS_STREAM, KYC_EVENTS_STREAM, IDENTITY_EVENTS_STREAM),
    liveReads: PLATFORM_SETTINGS.liveReads,
  }),
  support: service('support', {
    publishes: SUPPORT_EVENTS_STREAM,
    calls: [...PLATFORM_SETTINGS.calls, IdentityCommands.lookupUsers],
    consumes: durable('support', IDENTITY_EVENTS_STREAM),
    liveReads: PLATFORM_SETTINGS.liveReads,
  }),
  kyc: service('kyc', {
    publishes: KYC_EVENTS_STREAM,
    calls: [...PLATFORM_SETTINGS.calls, ApplicationsCommands.referencedFiles, ...pick(IdentityCommands, 'findUserIds', 'lookupUsers')],
    consumes: durable('kyc', IDENTITY_EVENTS_STREAM),
    liveReads: PLATFORM_SETTINGS.liveReads,
  }),
  notification: service('notification', {
    publishes: NOTIFICATION_EVENTS_STREAM,
    calls: [...PLATFORM_SETTINGS.calls, ...pick(IdentityCommands, 'findUserIds', 'lookupUsers')],
    consumes: durable('notification', IDENTITY_EVENTS_STREAM, APPLICATIONS_EVENTS_STREAM, LEDGER_EVENTS_STREAM, KYC_EVENTS_STREAM, SUPPORT_EVENTS_STREAM),
    liveReads: PLATFORM_SETTINGS.liveReads,
  }),
  gateway: {
    process: 'gateway',
    calls: [
      ...BACKEND_SERVICES.map(healthCommand),
      ...Object.values(DataExportCommands),
      ...pick(AccountClosureCommands, 'deleteOwnAccount'),
      ...pick(ApplicationsBackOfficeCommands, 'report', 'stats'),
      ...pick(ApplicationsCommands, 'adminInvestments', 'adminList', 'getOwn', 'latestStatus', 'listOwn', 'review', 'submit', 'updateDraft'),
      ...pick(CardCommands, 'cancelCardRequest', 'createCardRequest', 'decideCardRequest', 'listCardRequests', 'listOwnCardRequests'),
      ...pick(IdentityBackOfficeCommands, 'report', 'stats'),
      ...pick(
        IdentityCommands,
        'activateUser', 'changeAdminRole', 'changePassword', 'changeSetting', 'completeMfaSignIn', 'confirmEmail', 'confirmEmailChange', 'confirmTwoFactor',
        'createAdmin', 'deleteUser', 'disableTwoFactor', 'endMyOtherSessions', 'endMySession', 'endSessionFromLink', 'endUserSession', 'getCurrentUser',
        'getMyAdminPermissions', 'getPreferences', 'getProfile', 'getPublicSettings', 'getSecurityPreferences', 'getSettingHistory', 'listAdminSettings',
        'listAuditLogs', 'listMySessions', 'listPasskeys', 'listUserSessions', 'listUsers', 'passkeyProofOptions', 'passkeyRegistrationOptions',
        'passkeySignInOptions', 'reauthenticate', 'recordCustomerView', 'recordDataExport', 'recordFileView', 'recordSecurityEvent', 'refreshSession', 'registerPasskey',
        'recordCustomerView', 'removePasskey', 'renamePasskey', 'requestPasswordReset', 'resendConfirmation', 'signIn', 'signInProof', 'signInWithPasskey', 'signOut',
        'signOutCurrentSession', 'signUp', 'startMfaSignInEnrolment', 'startTwoFactorEnrolment', 'suspendUser', 'updatePassword', 'updatePreferences',
        'updateProfile', 'updateSecurityPreferences',
      ),
      ...pick(KycBackOfficeCommands, 'report', 'stats'),
      ...pick(KycDocumentCommands, 'adminList', 'decide', 'listMine', 'request', 'review', 'submit'),
      ...pick(KycFileCommands, 'abandonUpload', 'completeUpload', 'describe', 'readPart', 'storePart'),
      ...pick(KycVerificationCommands, 'config', 'recordStep', 'start'),
      ...pick(LedgerBackOfficeCommands, 'report', 'stats'),
      ...pick(
        LedgerCommands,
        'checkLedger', 'createSecurityDeposit', 'decideTransaction', 'getBalance', 'getTransaction', 'listOwnSecurityDeposits', 'listOwnTransactions',
        'listSecurityDeposits', 'listTransactions', 'payInvestment', 'requestDeposit', 'requestWithdrawal', 'setSecurityDepositLock', 'summary', 'transactionStats',
      ),
      ...pick(LedgerEarningsCommands, 'earnings', 'maturities'),
      ...pick(LedgerInvestmentCommands, 'cancelInvestment', 'listOwnInvestments'),
      ...pick(LedgerPerformanceCommands, 'portfolioPerformance'),
      ...pick(LedgerStatementCommands, 'monthlyStatement'),
      ...pick(
        NotificationCommands,
        'applyPreferences', 'broadcast', 'dismissFailedEmail', 'findRecipients', 'list', 'listFailedEmails', 'markAllRead', 'markRead', 'recipientStats',
        'recipientsAmong', 'retryFailedEmail', 'unreadCount',
      ),
      ...pick(WebhookCommands, 'create', 'delete', 'deliveries', 'list', 'replay'),
      ...pick(SupportCommands, 'allSummary', 'createTicket', 'deleteTicket', 'getAnyTicket', 'getOwnTicket', 'listAllTickets', 'listOwnTickets', 'ownSummary', 'replyToOwnTicket', 'updateTicket'),
    ],
    publishes: null,
    consumes: [],
    // Live updates (realtime hub: its FEEDS and FEED_FILTERS) and the admin roles' changes.
    liveReads: [
      { stream: NOTIFICATION_EVENTS_STREAM },
      { stream: SUPPORT_EVENTS_STREAM },
      { stream: LEDGER_EVENTS_STREAM },
      { stream: IDENTITY_EVENTS_STREAM, filter: 'identity.user.>' },
      { stream: IDENTITY_EVENTS_STREAM, filter: IdentityEvents.settingChanged.subject },
    ],
    createsStreams: false,
    deadLetters: false,
  },
};

function isCommand(value: unknown): value is CommandDefinition {
  return typeof value === 'object' && value !== null && (value as CommandDefinition).kind === 'command';
}

/** Every command defined in the contracts (the exported definitions and groups, the per-service health and dead-letter commands). */
export function allCommands(): CommandDefinition[] {
  const found = new Map<string, CommandDefinition>();
  const visit = (value: unknown, depth: number) => {
    if (isCommand(value)) found.set(value.subject, value);
    else if (depth < 2 && typeof value === 'object' && value !== null && !Array.isArray(value)) for (const inner of Object.values(value)) visit(inner, depth + 1);
  };
  // Read lazily: this module is part of the index it walks.
  for (const value of Object.values(contracts)) visit(value, 0);
  for (const service of BACKEND_SERVICES) for (const command of [healthCommand(service), ...Object.values(deadLetterCommands(service))]) found.set(command.subject, command);
  return [...found.values()].sort((a, b) => a.subject.localeCompare(b.subject));
}

/** The commands a service answers: by convention those of subject `<service>.…`, answered by its queue group. */
export function commandsServedBy(process: BusProcess): CommandDefinition[] {
  return allCommands().filter((command) => command.subject.startsWith(`${process}.`));
}

/** Where each process's dead letters go. */
export function deadLetterSubjects(process: BackendService): string {
  return `${DEAD_LETTER_STREAM.subjectPrefix}.${process}.>`;
}
