import { ConfirmEmailParams, confirmEmailTemplate } from './confirm-email.template';
import { PasswordChangedParams, passwordChangedTemplate } from './password-changed.template';
import { ResetPasswordParams, resetPasswordTemplate } from './reset-password.template';
import { WelcomeParams, welcomeTemplate } from './welcome.template';
import { ApplicationDecisionParams, applicationDecisionTemplate } from './application-decision.template';
import { GippSubmittedParams, gippSubmittedTemplate } from './gipp-submitted.template';
import { TicketAnsweredParams, ticketAnsweredTemplate } from './ticket-answered.template';
import { depositCompletedTemplate, TransactionEmailParams, withdrawalRequestedTemplate } from './transaction.templates';
import { RenderedEmail } from './layout';

export type { ConfirmEmailParams, PasswordChangedParams, ResetPasswordParams, WelcomeParams, RenderedEmail, TransactionEmailParams, ApplicationDecisionParams, TicketAnsweredParams, GippSubmittedParams };

/** Each template's name and the values it needs; the name travels in queued jobs. */
export interface EmailTemplateParams {
  'confirm-email': ConfirmEmailParams;
  'reset-password': ResetPasswordParams;
  'password-changed': PasswordChangedParams;
  welcome: WelcomeParams;
  'withdrawal-requested': TransactionEmailParams;
  'deposit-completed': TransactionEmailParams;
  'application-decision': ApplicationDecisionParams;
  'ticket-answered': TicketAnsweredParams;
  'gipp-submitted': GippSubmittedParams;
}

export type EmailTemplateName = keyof EmailTemplateParams;

const templates: { [T in EmailTemplateName]: (params: EmailTemplateParams[T]) => RenderedEmail } = {
  'confirm-email': confirmEmailTemplate,
  'reset-password': resetPasswordTemplate,
  'password-changed': passwordChangedTemplate,
  welcome: welcomeTemplate,
  'withdrawal-requested': withdrawalRequestedTemplate,
  'deposit-completed': depositCompletedTemplate,
  'application-decision': applicationDecisionTemplate,
  'ticket-answered': ticketAnsweredTemplate,
  'gipp-submitted': gippSubmittedTemplate,
};

export function isEmailTemplateName(name: unknown): name is EmailTemplateName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(templates, name);
}

export function renderEmail<T extends EmailTemplateName>(template: T, params: EmailTemplateParams[T]): RenderedEmail {
  return templates[template](params);
}
