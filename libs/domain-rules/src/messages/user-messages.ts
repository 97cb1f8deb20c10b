/**
 * Every message a person may read in a refusal of the API, by its stable code (issue 9
 * "Languages"). The English text is the one the services send, word for word; the web app
 * shows `t('server:' + code, { ...params, defaultValue: message })` from catalogues that
 * are generated from (en) or checked against (es, fr, de) this registry.
 *
 * Refusals are raised by code (`ServiceError.of`, the gateway's `ApiError.of`, a validation
 * rule's `refusal(code)`), the English taken from here. `{{name}}` marks a part filled in per
 * answer; its value travels in the body's `params`. A status or role named as the service
 * stores it (`{{status}}` in "This transaction is already {{status}}.", or a `{{decision}}`)
 * is shown by the web app through its own label of that word (apps/web/src/api/api-error.ts).
 *
 * This file must stay free of imports: scripts/server-catalogue.js evaluates it alone.
 */
export const USER_MESSAGES = {
  // The gateway and the framework
  unexpected_error: 'An unexpected error occurred. Please try again.',
  request_invalid: 'The request is not valid.',
  cursor_invalid: 'The cursor is not valid',
  unauthenticated: 'Please sign in to continue.',
  access_denied: 'Access denied.',
  resource_not_found: 'The requested resource was not found.',
  method_not_allowed: 'This method is not allowed here.',
  format_not_available: 'The requested format is not available.',
  body_too_large: 'The request body is too large.',
  unsupported_content_type: 'Unsupported content type. Send JSON.',
  rate_limited: 'Too many requests. Please try again later.',
  request_not_completed: 'The request could not be completed.',
  not_found: 'Not found.',
  malformed_json: 'Malformed JSON body',
  unsupported_encoding: 'Unsupported content encoding. Send UTF-8 JSON.',
  incomplete_body: 'The request body was incomplete.',
  request_timeout: 'The request took too long to arrive. Please try again.',
  service_unavailable: 'The {{name}} service is unavailable. Please try again shortly.',
  service_timeout: 'The {{name}} service took too long to answer. Please try again.',
  service_unreachable: 'The {{name}} service could not be reached. Please try again shortly.',
  forbidden: 'Access denied. You do not have permission to do this.',
  admin_access_denied: 'Access denied. You do not have permission to access admin areas.',
  // An admin whose role lacks an endpoint's permission (admin-permissions.ts, missingPermissionRefusal).
  // {{permission}} is the permission as admin_roles names it; the web app shows its own label of it.
  admin_role_lacks_permission: 'Access denied. Your admin role does not include {{permission}}.',
  super_admin_only: 'Access denied. Only super administrators can do this.',
  admin_permissions_unavailable: 'Your admin permissions could not be checked. Please try again shortly.',
  idempotency_key_reused: 'This Idempotency-Key was already used with a different request.',
  idempotency_key_invalid: 'The Idempotency-Key header must be 1 to 255 printable characters.',
  realtime_ticket_invalid: 'This live-update ticket is not valid or has expired. Please reconnect.',
  too_many_streams: 'Too many live-update connections are open for this account. Close another tab and try again.',
  data_export_incomplete: 'Your data could not be gathered completely because a service is unavailable. Please try again later.',
  service_did_not_answer: 'The {{name}} service did not answer.',

  // Sign-up, sign-in, confirmation and password reset
  first_name_required: 'First name is required',
  first_name_too_long: 'First name must be at most 100 characters',
  last_name_required: 'Last name is required',
  last_name_too_long: 'Last name must be at most 100 characters',
  name_hidden_characters: 'Names cannot contain invisible characters or characters that change the reading direction.',
  email_required: 'Email is required',
  email_invalid: 'Please enter a valid email address',
  password_required: 'Password is required',
  password_too_short: 'Password must be at least 6 characters',
  password_too_long: 'Password must be at most 128 characters',
  passwords_do_not_match: 'Passwords do not match',
  customer_signup_only: 'Only customer accounts can be created by signing up',
  fields_required: 'Please fill in all fields',
  invalid_credentials: 'Invalid email or password',
  email_not_confirmed: 'Please check your email and click the confirmation link',
  too_many_attempts: 'Too many login attempts. Please try again later.',
  duplicate_email: 'An account with this email already exists. Please try logging in instead.',
  account_suspended: 'Your account has been suspended. Please contact support.',
  registrations_closed: 'New registrations are currently closed. Please try again later.',
  confirmation_expired: 'Your confirmation link has expired. Please request a new one.',
  confirmation_invalid: 'This confirmation link is invalid. Please request a new confirmation email.',
  already_confirmed: 'Your email has already been confirmed. You can now log in to your account.',
  resend_email_required: 'Please enter your email address to resend the confirmation.',
  reset_email_required: 'Please enter your email address',
  invalid_reset_link: 'Invalid or expired reset link. Please request a new password reset.',
  session_ended: 'Your session has ended. Please sign in again.',
  token_expired: 'Your session has expired. Please sign in again.',
  invalid_token: 'Your sign-in is not valid. Please sign in again.',
  account_deleted: 'This account no longer exists.',
  access_changed: 'Your access has changed. Please sign in again.',
  session_check_unavailable: 'Your sign-in cannot be checked right now. Please try again shortly.',
  cross_site_request: 'This request must come from the portal itself.',
  sign_in_busy: 'Sign-in is busy right now. Please try again in a moment.',
  sign_in_unavailable: 'Sign-in is temporarily unavailable. Please try again shortly.',
  common_password: 'This password is too common and appears in lists of breached passwords. Please choose another.',

  // Password change and two-factor sign-in
  current_password_required: 'Current password is required',
  new_password_required: 'New password is required',
  wrong_current_password: 'Current password is incorrect',
  same_password: 'The new password must be different from the current password',
  two_factor_code_required: 'Please enter the 6-digit code from your authenticator app',
  invalid_two_factor_code: 'Invalid verification code. Please try again.',
  mfa_challenge_expired: 'Your sign-in has expired. Please sign in again.',
  two_factor_already_enabled: 'Two-factor authentication is already enabled.',
  two_factor_not_enabled: 'Two-factor authentication is not enabled.',
  two_factor_no_enrolment: 'Two-factor setup has not been started or has expired. Please start again.',
  two_factor_enrolment_required: 'Your administrator requires two-factor authentication. Set it up to continue.',
  two_factor_required: 'Two-factor authentication is required for administrators and cannot be turned off.',
  password_changed_meanwhile: 'Your password was changed meanwhile. Please try again.',

  // Sessions and devices
  sign_in_session_not_found: 'This session has already ended or does not exist.',
  session_end_link_invalid: 'This link is invalid or has expired. You can end sessions from Settings → Security after signing in.',
  session_end_link_required: 'The link is incomplete. Please open it again from the email.',

  // Passkeys
  passkey_challenge_expired: 'Your passkey request has expired. Please try again.',
  passkey_not_recognised: 'This passkey is not registered for any account. Sign in with your email and password instead.',
  passkey_verification_failed: 'Your passkey could not be verified. Please try again.',
  passkey_user_verification_required: 'Your passkey must confirm it is you (PIN, fingerprint or face). Please try again.',
  passkey_response_invalid: 'The passkey response is not valid. Please try again.',
  passkey_not_found: 'Passkey not found.',
  passkey_name_required: 'Please give the passkey a name.',
  passkey_name_too_long: 'Passkey names are at most 64 characters.',
  passkey_already_registered: 'This passkey is already registered.',
  passkey_limit_reached: 'You can have at most 20 passkeys. Remove one to add another.',

  // Confirming it is you again (before a withdrawal and other sensitive actions)
  reauthentication_required: 'Please confirm it is you to continue.',
  reauthentication_proof_required: 'Please give your password, an authenticator code or a passkey.',
  reauthentication_wrong_password: 'The password is not correct.',
  reauthentication_wrong_code: 'The code is not valid. Please try again.',
  reauthentication_two_factor_off: 'Two-factor sign-in is not on for this account. Please use your password.',

  // Profile
  email_taken: 'An account with this email already exists',
  invalid_phone: 'Please enter a valid phone number (digits, spaces, +, -, parentheses; 7 to 20 characters)',
  invalid_date_of_birth: 'Please enter a valid date of birth (YYYY-MM-DD)',
  date_of_birth_out_of_range: 'You must be at least 18 years old, and the date of birth cannot be before 1900.',
  invalid_nationality: 'Please enter a valid nationality (letters, spaces and hyphens only)',
  address_too_long: 'Address must be at most 300 characters',
  invalid_photo: 'Invalid File Type: Please select a JPG, PNG, or GIF image.',
  photo_too_large: 'File Too Large: Image size must be less than 2MB.',
  email_change_invalid: 'This email change link is invalid or has already been used.',
  email_change_expired: 'This email change link has expired. Please request the change again from Account Settings.',
  email_change_rate_limited: 'Too many email change requests. Please try again later.',
  file_storage_unavailable: 'File storage is unavailable. Please try again shortly.',

  // Account deletion
  closure_password_required: 'Please enter your password to confirm.',
  wrong_password: 'The password is incorrect. Your account has not been deleted.',
  balance_not_empty: 'Your account still holds funds. Please withdraw your balance before deleting your account.',
  admin_closure_refused: 'Administrator accounts are closed by another super administrator.',
  account_changed_meanwhile: 'Your account changed meanwhile. Please try again.',

  // Investment applications
  application_fields_required: 'Please fill in all required fields and accept the declaration',
  investment_below_minimum: 'The minimum investment amount is $1,000.',
  investment_amount_step: 'The investment amount must be in steps of $100.',
  investment_amount_positive: 'Please enter a valid investment amount greater than 0.',
  investment_amount_invalid: 'Please enter a valid investment amount',
  investment_duration_invalid: 'Please choose one of the offered investment durations.',
  documents_not_found: 'One or more documents could not be found. Please upload them again.',
  documents_wrong_purpose: 'One or more documents were uploaded for something else, not for an application. Please upload them again here.',
  application_documents_required: 'Please attach the required documents.',
  id_document_required: 'Please attach your ID document.',
  certificate_of_incorporation_required: 'Please attach the certificate of incorporation.',
  director_id_required: "Please attach the director's ID.",
  application_email_invalid: 'Please enter a valid email address.',
  annual_income_invalid: 'Annual income must be a number of 0 or more.',
  annual_income_step: 'Annual income must be in steps of $1,000.',
  company_structure_invalid: 'Please choose one of the offered company structures.',
  investment_category_invalid: 'Please choose one of the offered investment categories.',
  full_name_required: 'Full name is required',
  address_required: 'Address is required',
  annual_income_required: 'Annual income is required',
  company_name_required: 'Company name is required',
  company_structure_required: 'Company structure is required',
  country_of_operation_required: 'Country of operation is required',
  directors_name_required: "Director's name is required",
  employment_required: 'Employment is required',
  investment_amount_required: 'Investment amount is required',
  investment_duration_required: 'Investment duration is required',
  investment_purpose_required: 'Investment purpose is required',
  declaration_required: 'The declaration is required',
  applications_unavailable: 'A service needed for applications is unavailable. Please try again shortly.',
  application_not_found: 'Application not found',
  not_a_draft: 'This application was already submitted and can no longer be changed.',
  invalid_transition: 'An application that is {{status}} cannot be moved to {{decision}}.',
  investments_disabled: 'New investments are currently disabled. Please try again later.',
  customers_only: 'Only customers can apply for investments.',

  // Deposits, withdrawals, investment payments and security deposits
  kyc_required: 'Please complete KYC verification before requesting a withdrawal. Your KYC must be verified by our team.',
  deposit_amount_invalid: 'Please enter a valid deposit amount greater than 0.',
  deposit_not_allowed: 'Your investment application has not been approved.',
  account_number_invalid: 'Please enter a valid account number or IBAN format.',
  // Issue 28: a withdrawal's bank details as banks check them (ledger/bank-details.ts)
  account_number_format_invalid: 'Please enter a valid account number (4 to 17 digits) or IBAN.',
  iban_format_invalid: 'Please enter a valid IBAN: a two-letter country code, two check digits, then letters and digits only.',
  iban_country_invalid: 'Please enter a valid IBAN: its first two letters are not the code of a country that uses IBANs.',
  iban_length_invalid: 'Please enter a valid IBAN: an IBAN from {{country}} has {{length}} characters.',
  iban_check_digits_invalid: 'Please enter a valid IBAN: its check digits do not match.',
  swift_code_invalid: 'Please enter a valid SWIFT/BIC code (8 or 11 characters, e.g. DEUTDEFF).',
  amount_not_numeric: 'Please enter a valid numeric amount.',
  below_minimum: 'Minimum withdrawal amount is ${{minimum}}.',
  insufficient_balance: 'Your withdrawal amount exceeds your available balance.',
  withdrawals_disabled: 'Withdrawals are currently disabled.',
  investment_payment_fields_required: 'Please select investment type and enter amount.',
  no_wallet: 'Crypto deposits are not available: no receiving wallet is configured.',
  crypto_payments_disabled: 'Crypto payments are currently disabled.',
  bank_transfers_disabled: 'Bank transfers are currently disabled.',
  investment_payments_disabled: 'Investments are currently disabled.',
  investment_not_found: 'Investment not found',
  investment_not_awaiting_funding: 'This investment is no longer waiting for payment.',
  investment_overpaid: 'This payment is larger than what is left to pay on this investment.',
  investment_cannot_cancel: 'Only an investment that is still waiting for payment can be cancelled.',
  investment_choose: 'Please choose the investment this payment is for.',
  investment_ended: 'This investment has ended; a security deposit cannot be created for it.',
  investment_insufficient_balance: 'Insufficient Balance: your investment amount exceeds your available balance.',
  transaction_not_found: 'Transaction not found',
  no_transaction_data: 'No transaction data to export',
  own_money_only: 'Only customers can move money in their own account.',
  transactions_permission_denied: 'Your admin role does not include managing transactions.',
  not_admin_decided: 'Only deposits, withdrawals and investment payments are decided by an admin.',
  second_approval_required: 'You have already approved this withdrawal. A second, different administrator must approve it before it is paid.',
  customer_reference_required: 'Please enter the customer’s email or id.',
  amount_positive: 'Please enter an amount greater than 0.',
  security_deposit_not_found: 'Security deposit not found',
  customer_not_found: 'Customer not found',
  customer_directory_unavailable: 'The customer directory is unavailable. Please try again.',
  relock_insufficient_balance: "The customer's available balance no longer covers this deposit, so it cannot be re-locked.",
  already_decided: 'This transaction is already {{status}}.',
  security_deposit_unchanged: 'This security deposit is already {{status}}.',
  // Issue 28: monthly statements (ledger/statements.ts)
  statement_month_invalid: 'Please choose the month of the statement as YYYY-MM.',
  statement_month_in_future: 'A statement can be downloaded for the current month or an earlier one, not for a month that has not started yet.',
  statement_customers_only: 'Statements are available to customers only.',
  // Issue 28: portfolio performance (ledger/performance.ts)
  performance_date_invalid: 'Please give the dates of the period as YYYY-MM-DD.',
  performance_period_in_future: 'The period cannot end after today.',
  performance_period_order: 'The start of the period cannot be after its end.',
  performance_period_too_long: 'A performance period covers at most 5 years.',
  performance_customers_only: 'Portfolio performance is available to customers only.',

  // Card requests
  // A required field of a card request, bank deposit or withdrawal left empty.
  required_fields_missing: 'Please fill in all required fields.',
  delivery_address_required: 'Please enter the delivery address for your physical card.',
  no_credit: 'Your investment account has no credit.',
  card_request_not_found: 'Card request not found',
  only_pending_cancel: 'Only pending card requests can be cancelled.',
  // Before card_decision_not_pending, whose pattern this text fits too (decision "cancelled").
  not_pending: 'Only pending card requests can be cancelled. This request is {{status}}.',
  card_decision_not_pending: 'Only pending card requests can be {{decision}}. This request is {{status}}.',
  card_delivery_not_approved: 'Only approved card requests can be marked delivered. This request is {{status}}.',
  rejection_reason_required: 'Please enter a reason for the rejection.',
  tracking_number_required: 'Please enter the tracking number of the delivery.',
  not_deliverable: 'Virtual cards are issued on approval and are not delivered.',
  card_type_invalid: 'cardType must be physical or virtual',

  // Support tickets
  ticket_fields_required: 'Validation Error: Please fill in all required fields.',
  response_required: 'Please enter a response message.',
  ticket_not_found: 'Support ticket not found.',
  tickets_permission_denied: 'Your admin role does not allow managing support tickets.',
  ticket_closed: 'This ticket is closed. Please open a new ticket.',
  tickets_customers_only: 'Only customers can open and answer their own tickets.',
  ticket_status_unchanged: 'The ticket is already {{status}}.',
  ticket_status_not_allowed: 'Status must be one of {{statuses}}.',

  // Files, KYC documents and identity verification
  file_too_large: 'File size must be less than 10MB',
  kyc_file_too_large: 'File is larger than 10485760 bytes',
  kyc_file_too_small: 'File is smaller than 1 bytes',
  invalid_file_type: 'Invalid file type. Please upload PDF, JPG, or PNG files.',
  invalid_kyc_file_type: 'File type must be one of PDF, PNG, JPG, JPEG, DOC, DOCX',
  invalid_upload: 'Send one file in the field "file".',
  upload_unreadable: 'The upload could not be read. Please try again.',
  file_required: 'Please choose a file to upload.',
  file_not_found: 'File not found',
  file_purpose_unknown: 'This upload purpose is not known. Send one of the purposes listed in the API document, or none.',
  kyc_document_wrong_purpose: 'This file was uploaded for something else, not as a KYC document. Please upload it again here.',
  upload_not_found: 'Upload not found',
  upload_incomplete: 'The upload is incomplete. Please upload the file again.',
  file_part_size_invalid: 'A file part must hold 1 byte to 512 KiB.',
  file_part_not_found: 'File part not found',
  document_not_found: 'Document not found',
  document_type_invalid: 'Please choose a document type: partnership, tax or id.',
  document_exists: 'This file has already been submitted as a document.',
  document_already_reviewed: 'This document has already been {{status}}.',
  kyc_already_decided: 'KYC has already been {{status}}.',
  kyc_customers_only: 'Only customers hand in KYC documents.',
  kyc_disabled: 'KYC verification is currently disabled.',
  message_required: 'Please enter a message for the document request.',
  reason_required: 'Please provide a reason for rejecting KYC.',
  session_not_found: 'Verification session not found',
  capture_required: 'Please capture an image from the camera.',
  verification_complete: 'This verification is already complete.',
  step_out_of_order: 'Please complete {{step}} first.',
  biometric_not_available: 'Biometric Service Not Available',
  verification_customers_only: 'Only customers verify their identity.',

  // Notifications
  broadcast_fields_required: 'Please enter a title and a message.',
  no_recipients: 'No users found to send notification to',
  broadcast_user_required: 'Choose the user to send the notification to.',
  user_choice_required: 'Choose a user.',
  notification_not_found: 'Notification not found.',
  broadcast_not_allowed: 'Your admin role does not allow sending notifications.',
  expiry_in_past: 'The expiry must be in the future.',
  failed_email_not_found: 'This failed email was not found.',
  failed_email_no_longer_failed: 'This email is no longer failed: it has already been retried or dismissed.',

  // Webhooks
  webhooks_not_allowed: 'Your admin role does not allow managing webhooks.',
  webhook_endpoint_not_found: 'This webhook endpoint was not found.',
  webhook_delivery_not_found: 'This webhook delivery was not found.',
  webhook_url_invalid: 'The URL must be an absolute https:// URL (http:// is accepted outside production), without a user name or password.',
  webhook_event_types_unknown: 'Unknown event types: {{types}}.',
  webhook_event_types_required: 'Choose at least one event type.',
  webhook_address_forbidden: 'Webhooks cannot be sent to {{host}}: it is or resolves to a private, loopback, link-local or otherwise internal address. An operator can allow it in WEBHOOK_ALLOWED_HOSTS.',
  webhook_host_unresolvable: 'The host {{host}} could not be resolved.',

  // Administration
  user_not_found: 'This account does not exist.',
  customer_view_not_a_customer: 'Only a customer’s account can be viewed as the customer sees it.',
  all_fields_required: 'All fields are required',
  password_requirements_not_met: 'Password requirements not met',
  invalid_admin_role: 'Please choose a valid admin role',
  names_too_long: 'Names must be at most 100 characters',
  password_rule_min_length: 'At least 8 characters',
  password_rule_max_length: 'At most 128 characters',
  password_rule_uppercase: 'One uppercase letter',
  password_rule_lowercase: 'One lowercase letter',
  password_rule_number: 'One number',
  password_rule_special: 'One special character',
  lookup_admins_only: 'Only administrators can look people up.',
  delete_super_admin_only: 'Only super administrators can delete accounts.',
  customer_holds_funds: 'This customer still holds funds. Settle or withdraw the balance before deleting the account.',
  create_admin_super_admin_only: 'Only super administrators can create administrator accounts.',
  // Spec 02 §5's words for the caller checks of Create Admin.
  create_admin_signed_out: 'You must be logged in to create admin accounts',
  create_admin_admins_only: 'Only administrators can create admin accounts',
  audit_logs_super_admin_only: 'Only super administrators can view audit logs.',
  settings_change_super_admin_only: 'Only super administrators can change platform settings.',
  not_an_admin: 'Only administrators have an admin role.',
  own_account: 'You cannot change your own account here.',
  balance_check_unavailable: 'The account balance could not be checked. Please try again later.',
  last_super_admin: 'The platform needs at least one active super administrator.',
  account_status_unchanged: 'This account is already {{status}}.',
  admin_role_unchanged: 'This administrator is already {{role}}.',
  settings_access_denied: 'Access denied. You do not have permission to view platform settings.',
  setting_not_found: 'There is no setting {{key}}.',
  // {{problem}} is the setting rule's own English wording of what is wrong (identity settings/setting-rules.ts).
  invalid_setting: 'Invalid {{key}}: {{problem}}',
  no_report_data: 'No report data available',
  report_window_invalid: 'from and to must be ISO dates',
  report_window_order: 'from must be before to',
  report_window_too_long: 'A report covers at most 366 days',
} as const satisfies Record<string, string>;

export type UserMessageCode = keyof typeof USER_MESSAGES;

/** A `{{name}}` in a message; global, so use it with matchAll, split or replace. */
export const MESSAGE_PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** The names of a message's `{{placeholders}}`, in order. */
export function placeholdersOf(text: string): string[] {
  return [...text.matchAll(MESSAGE_PLACEHOLDER)].map((match) => match[1]);
}

export function isUserMessageCode(code: string): code is UserMessageCode {
  return Object.prototype.hasOwnProperty.call(USER_MESSAGES, code);
}

/** The English text of a code with its placeholders filled in, as a service sends it. */
export function userMessage(code: UserMessageCode, params: Record<string, string | number> = {}): string {
  const text: string = USER_MESSAGES[code];
  return text.replace(MESSAGE_PLACEHOLDER, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
