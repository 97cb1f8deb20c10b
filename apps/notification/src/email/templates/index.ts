import { ConfirmEmailParams, confirmEmailTemplate } from './confirm-email.template';
import { PasswordChangedParams, passwordChangedTemplate } from './password-changed.template';
import { ResetPasswordParams, resetPasswordTemplate } from './reset-password.template';
import { WelcomeParams, welcomeTemplate } from './welcome.template';
import { ApplicationDecisionParams, applicationDecisionTemplate } from './application-decision.template';
import { GippSubmittedParams, gippSubmittedTemplate } from './gipp-submitted.template';
import { TicketAnsweredParams, ticketAnsweredTemplate } from './ticket-answered.template';
import { depositCompletedTemplate, TransactionEmailParams, TransactionRejectedParams, transactionRejectedTemplate, withdrawalRequestedTemplate } from './transaction.templates';
import { investmentActivatedTemplate, investmentCancelledTemplate, InvestmentEmailParams, investmentMaturedTemplate } from './investment.templates';
import { KycDecisionParams, kycDecisionTemplate, KycDocumentsRequestedParams, kycDocumentsRequestedTemplate } from './kyc.templates';
import { RenderedEmail } from './layout';
import { SecurityAlertParams, securityAlertTemplate } from './security-alert.template';
import { SignUpAttemptedParams, signUpAttemptedTemplate } from './sign-up-attempted.template';
import { AccountDeletedParams, accountDeletedTemplate } from './account-deleted.template';
import { ConfirmEmailChangeParams, confirmEmailChangeTemplate, EmailChangedParams, emailChangedTemplate, EmailChangeRequestedParams, emailChangeRequestedTemplate } from './email-change.templates';
import { emailLanguage, Language } from './language';

export { emailLanguage };
export type { Language };

export type { ConfirmEmailParams, PasswordChangedParams, ResetPasswordParams, WelcomeParams, RenderedEmail, TransactionEmailParams, TransactionRejectedParams, InvestmentEmailParams, ApplicationDecisionParams, TicketAnsweredParams, GippSubmittedParams, KycDocumentsRequestedParams, KycDecisionParams, AccountDeletedParams, SecurityAlertParams, SignUpAttemptedParams };

/** Each template's name and the values it needs; the name travels in queued jobs. */
export interface EmailTemplateParams {
  'confirm-email': ConfirmEmailParams;
  'reset-password': ResetPasswordParams;
  'password-changed': PasswordChangedParams;
  welcome: WelcomeParams;
  'withdrawal-requested': TransactionEmailParams;
  'deposit-completed': TransactionEmailParams;
  'transaction-rejected': TransactionRejectedParams;
  'investment-activated': InvestmentEmailParams;
  'investment-matured': InvestmentEmailParams;
  'investment-cancelled': InvestmentEmailParams;
  'application-decision': ApplicationDecisionParams;
  'ticket-answered': TicketAnsweredParams;
  'gipp-submitted': GippSubmittedParams;
  'kyc-documents-requested': KycDocumentsRequestedParams;
  'kyc-decision': KycDecisionParams;
  'account-deleted': AccountDeletedParams;
  'security-alert': SecurityAlertParams;
  'sign-up-attempted': SignUpAttemptedParams;
  'confirm-email-change': ConfirmEmailChangeParams;
  'email-changed': EmailChangedParams;
  'email-change-requested': EmailChangeRequestedParams;
}

export type EmailTemplateName = keyof EmailTemplateParams;

const templates: { [T in EmailTemplateName]: (params: EmailTemplateParams[T], language: Language) => RenderedEmail } = {
  'confirm-email': confirmEmailTemplate,
  'reset-password': resetPasswordTemplate,
  'password-changed': passwordChangedTemplate,
  welcome: welcomeTemplate,
  'withdrawal-requested': withdrawalRequestedTemplate,
  'deposit-completed': depositCompletedTemplate,
  'transaction-rejected': transactionRejectedTemplate,
  'investment-activated': investmentActivatedTemplate,
  'investment-matured': investmentMaturedTemplate,
  'investment-cancelled': investmentCancelledTemplate,
  'application-decision': applicationDecisionTemplate,
  'ticket-answered': ticketAnsweredTemplate,
  'gipp-submitted': gippSubmittedTemplate,
  'kyc-documents-requested': kycDocumentsRequestedTemplate,
  'kyc-decision': kycDecisionTemplate,
  'account-deleted': accountDeletedTemplate,
  'security-alert': securityAlertTemplate,
  'sign-up-attempted': signUpAttemptedTemplate,
  'confirm-email-change': confirmEmailChangeTemplate,
  'email-changed': emailChangedTemplate,
  'email-change-requested': emailChangeRequestedTemplate,
};

export function isEmailTemplateName(name: unknown): name is EmailTemplateName {
  return typeof name === 'string' && Object.prototype.hasOwnProperty.call(templates, name);
}

/** The email in the recipient's language (English when it is unknown or not offered). */
export function renderEmail<T extends EmailTemplateName>(template: T, params: EmailTemplateParams[T], language?: unknown): RenderedEmail {
  return templates[template](params, emailLanguage(language));
}
