import {
  ANNUAL_INCOME_STEP,
  ApplicationDocument,
  ApplicationInput,
  ApplicationType,
  cleanApplicationText,
  hasHiddenCharacters,
  INVESTMENT_STEP,
  MINIMUM_INVESTMENT,
  missingRequiredDocuments,
  UserMessageCode,
} from '@portal/contracts';

/** Spec 01 §5 (libs/domain-rules, which the forms apply too): < > " ' removed, trimmed, cut to 1000 characters. */
export const sanitizeText = cleanApplicationText;

/** "1500.00" to 150000 cents, exactly (no floating point). */
export function toMinor(amount: string): bigint {
  const negative = amount.startsWith('-');
  const [whole, fraction = '00'] = amount.replace('-', '').split('.');
  const cents = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, '0').slice(0, 2));
  return negative ? -cents : cents;
}

export function fromMinor(minor: bigint | string): string {
  const value = BigInt(minor);
  const sign = value < 0n ? '-' : '';
  const abs = value < 0n ? -value : value;
  return `${sign}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}

/** The application_data fields each form has (spec 01 §3); anything else sent is dropped. */
const DATA_TEXT_FIELDS: Record<ApplicationType, string[]> = {
  personal: ['address', 'employment', 'investmentPurpose'],
  corporate: ['countryOfOperation', 'directorsName', 'companyStructure'],
  gipp: [],
};

export interface CleanApplication {
  applicationType: ApplicationType;
  fullName: string | null;
  email: string | null;
  phone: string | null;
  investmentAmountMinor: bigint | null;
  investmentDuration: number | null;
  investmentCategory: string | null;
  companyName: string | null;
  companyRegistration: string | null;
  applicationData: Record<string, unknown>;
}

export function cleanApplication(input: ApplicationInput): CleanApplication {
  const type = input.applicationType;
  const data = input.applicationData ?? {};
  const applicationData: Record<string, unknown> = {};
  for (const field of DATA_TEXT_FIELDS[type]) {
    const value = sanitizeText(data[field]);
    if (value !== null) applicationData[field] = value;
  }
  if (type === 'personal') {
    const income = typeof data.annualIncome === 'string' && data.annualIncome.trim() !== '' ? Number(data.annualIncome) : data.annualIncome;
    if (typeof income === 'number') applicationData.annualIncome = income;
  }
  applicationData.declaration = data.declaration === true;
  return {
    applicationType: type,
    fullName: sanitizeText(input.fullName),
    email: sanitizeText(input.email),
    phone: sanitizeText(input.phone),
    investmentAmountMinor: input.investmentAmount ? toMinor(input.investmentAmount) : null,
    investmentDuration: input.investmentDuration ?? null,
    investmentCategory: sanitizeText(input.investmentCategory),
    companyName: sanitizeText(input.companyName),
    companyRegistration: sanitizeText(input.companyRegistration),
    applicationData,
  };
}

export interface OfferedOptions {
  durations: Record<ApplicationType, number[]>;
  corporateStructures: string[];
  investmentCategories: string[];
}

const REQUIRED: Record<ApplicationType, { field: string; code: UserMessageCode; present: (a: CleanApplication) => boolean }[]> = {
  personal: [
    { field: 'fullName', code: 'full_name_required', present: (a) => a.fullName !== null },
    { field: 'applicationData.address', code: 'address_required', present: (a) => a.applicationData.address !== undefined },
    { field: 'applicationData.employment', code: 'employment_required', present: (a) => a.applicationData.employment !== undefined },
    { field: 'investmentAmount', code: 'investment_amount_required', present: (a) => a.investmentAmountMinor !== null },
    { field: 'investmentDuration', code: 'investment_duration_required', present: (a) => a.investmentDuration !== null },
    { field: 'applicationData.annualIncome', code: 'annual_income_required', present: (a) => a.applicationData.annualIncome !== undefined },
    { field: 'applicationData.investmentPurpose', code: 'investment_purpose_required', present: (a) => a.applicationData.investmentPurpose !== undefined },
    { field: 'applicationData.declaration', code: 'declaration_required', present: (a) => a.applicationData.declaration === true },
  ],
  corporate: [
    { field: 'companyName', code: 'company_name_required', present: (a) => a.companyName !== null },
    { field: 'applicationData.countryOfOperation', code: 'country_of_operation_required', present: (a) => a.applicationData.countryOfOperation !== undefined },
    { field: 'applicationData.directorsName', code: 'directors_name_required', present: (a) => a.applicationData.directorsName !== undefined },
    { field: 'investmentAmount', code: 'investment_amount_required', present: (a) => a.investmentAmountMinor !== null },
    { field: 'investmentDuration', code: 'investment_duration_required', present: (a) => a.investmentDuration !== null },
    { field: 'applicationData.companyStructure', code: 'company_structure_required', present: (a) => a.applicationData.companyStructure !== undefined },
    { field: 'applicationData.declaration', code: 'declaration_required', present: (a) => a.applicationData.declaration === true },
  ],
  gipp: [
    { field: 'fullName', code: 'full_name_required', present: (a) => a.fullName !== null },
    { field: 'email', code: 'email_required', present: (a) => a.email !== null },
    { field: 'investmentAmount', code: 'investment_amount_required', present: (a) => a.investmentAmountMinor !== null },
    { field: 'applicationData.declaration', code: 'declaration_required', present: (a) => a.applicationData.declaration === true },
  ],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** No address is longer (RFC 5321); the submitted event carries the email with this bound, so a longer one would be refused by its consumers. */
const EMAIL_MAX_LENGTH = 254;

/** A field the form must change, by the code of what it says (user-messages.ts). */
export interface FieldProblem {
  field: string;
  code: UserMessageCode;
}

/** Why a form is refused: the message's code and each field's. */
export interface ApplicationProblem {
  code: UserMessageCode;
  fields: FieldProblem[];
}

/** Field problems whose first one is also the message. */
const firstOf = (fields: FieldProblem[]): ApplicationProblem | null => (fields.length > 0 ? { code: fields[0].code, fields } : null);

/**
 * The problem that stops a submission, the first field's being the message: missing
 * required fields first (spec 01 §5 lists them per form), then amounts and choices.
 */
export function submissionProblem(application: CleanApplication, options: OfferedOptions): ApplicationProblem | null {
  const type = application.applicationType;
  const missing = REQUIRED[type].filter((rule) => !rule.present(application));
  if (missing.length > 0) {
    return { code: 'application_fields_required', fields: missing.map(({ field, code }) => ({ field, code })) };
  }
  const names = nameProblem(application);
  if (names) return names;
  const fields: FieldProblem[] = [];
  const amount = application.investmentAmountMinor as bigint;
  if (type === 'gipp') {
    if (amount <= 0n) fields.push({ field: 'investmentAmount', code: 'investment_amount_positive' });
  } else if (amount < BigInt(MINIMUM_INVESTMENT) * 100n) {
    fields.push({ field: 'investmentAmount', code: 'investment_below_minimum' });
  } else if (amount % (BigInt(INVESTMENT_STEP) * 100n) !== 0n) {
    fields.push({ field: 'investmentAmount', code: 'investment_amount_step' });
  }
  if (application.investmentDuration !== null && !options.durations[type].includes(application.investmentDuration)) {
    fields.push({ field: 'investmentDuration', code: 'investment_duration_invalid' });
  }
  if (type === 'personal') {
    // Spec 01 §5: numeric, at least 0, in steps of 1000.
    const income = application.applicationData.annualIncome;
    if (typeof income !== 'number' || !Number.isFinite(income) || income < 0) {
      fields.push({ field: 'applicationData.annualIncome', code: 'annual_income_invalid' });
    } else if (income % ANNUAL_INCOME_STEP !== 0) {
      fields.push({ field: 'applicationData.annualIncome', code: 'annual_income_step' });
    }
  }
  if (type === 'corporate' && !options.corporateStructures.includes(application.applicationData.companyStructure as string)) {
    fields.push({ field: 'applicationData.companyStructure', code: 'company_structure_invalid' });
  }
  if (type === 'gipp' && application.investmentCategory !== null && !options.investmentCategories.includes(application.investmentCategory)) {
    fields.push({ field: 'investmentCategory', code: 'investment_category_invalid' });
  }
  if (application.email !== null && (application.email.length > EMAIL_MAX_LENGTH || !EMAIL.test(application.email))) fields.push({ field: 'email', code: 'application_email_invalid' });
  return firstOf(fields);
}

/** What each required document slot (contracts' application-documents.ts) that holds no file says. */
const MISSING_DOCUMENT: Readonly<Record<string, UserMessageCode>> = {
  id_document: 'id_document_required',
  certificate_of_incorporation: 'certificate_of_incorporation_required',
  director_id: 'director_id_required',
};

/**
 * The required document slots (contracts' application-documents.ts, the rule the forms
 * mirror) that none of the attached documents fills; checked on submission, never on a
 * draft. Each missing slot is a field `documents.<slot>`, where the form shows it.
 */
export function documentProblem(type: ApplicationType, documents: Pick<ApplicationDocument, 'purpose'>[]): ApplicationProblem | null {
  const missing = missingRequiredDocuments(type, documents.map((document) => document.purpose));
  if (missing.length === 0) return null;
  return { code: 'application_documents_required', fields: missing.map((slot) => ({ field: `documents.${slot}`, code: MISSING_DOCUMENT[slot] ?? 'application_documents_required' })) };
}

/** A draft may be incomplete, but what it holds must still be sane. */
export function draftProblem(application: CleanApplication): ApplicationProblem | null {
  if (application.investmentAmountMinor !== null && application.investmentAmountMinor < 0n) {
    return firstOf([{ field: 'investmentAmount', code: 'investment_amount_positive' }]);
  }
  return nameProblem(application);
}

/**
 * Names an admin reads in the review (the applicant's, the company's, the directors'): none
 * may hold text-direction controls or zero-width characters (common/hidden-characters.ts).
 */
function nameProblem(application: CleanApplication): ApplicationProblem | null {
  const names: [string, unknown][] = [
    ['fullName', application.fullName],
    ['companyName', application.companyName],
    ['applicationData.directorsName', application.applicationData.directorsName],
  ];
  return firstOf(names.filter(([, value]) => typeof value === 'string' && hasHiddenCharacters(value)).map(([field]) => ({ field, code: 'name_hidden_characters' })));
}

/** Adds whole months to a calendar date (YYYY-MM-DD), keeping the day or the month's last day. */
export function addMonths(date: string, months: number): string {
  const [year, month, day] = date.split('-').map(Number);
  const targetMonth = month - 1 + months;
  const targetYear = year + Math.floor(targetMonth / 12);
  const monthIndex = ((targetMonth % 12) + 12) % 12;
  const lastDay = new Date(Date.UTC(targetYear, monthIndex + 1, 0)).getUTCDate();
  const result = new Date(Date.UTC(targetYear, monthIndex, Math.min(day, lastDay)));
  return result.toISOString().slice(0, 10);
}

/** Expected return in cents: amount x annual rate x months / 12 (a year when no duration), rounded half up. */
export function expectedReturnMinor(amountMinor: bigint, ratePercent: number, months: number | null): bigint {
  const rateBasisPoints = BigInt(Math.round(ratePercent * 100));
  const numerator = amountMinor * rateBasisPoints * BigInt(months ?? 12);
  const denominator = 10_000n * 12n;
  return (numerator + denominator / 2n) / denominator;
}
