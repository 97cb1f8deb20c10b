import {
  ANNUAL_INCOME_STEP,
  APPLICATION_MESSAGES,
  ApplicationDocument,
  ApplicationInput,
  ApplicationType,
  FieldError,
  hasHiddenCharacters,
  INVESTMENT_STEP,
  MINIMUM_INVESTMENT,
  MISSING_DOCUMENT_MESSAGES,
  missingRequiredDocuments,
  TEXT_LIMIT,
  USER_MESSAGES,
} from '@portal/contracts';

/** Spec 01 §5: the characters < > " ' are removed, the text trimmed and cut to 1000 characters. */
export function sanitizeText(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(/[<>"']/g, '').trim().slice(0, TEXT_LIMIT);
  return cleaned === '' ? null : cleaned;
}

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

const REQUIRED: Record<ApplicationType, { field: string; label: string; present: (a: CleanApplication) => boolean }[]> = {
  personal: [
    { field: 'fullName', label: 'Full name', present: (a) => a.fullName !== null },
    { field: 'applicationData.address', label: 'Address', present: (a) => a.applicationData.address !== undefined },
    { field: 'applicationData.employment', label: 'Employment', present: (a) => a.applicationData.employment !== undefined },
    { field: 'investmentAmount', label: 'Investment amount', present: (a) => a.investmentAmountMinor !== null },
    { field: 'investmentDuration', label: 'Investment duration', present: (a) => a.investmentDuration !== null },
    { field: 'applicationData.annualIncome', label: 'Annual income', present: (a) => a.applicationData.annualIncome !== undefined },
    { field: 'applicationData.investmentPurpose', label: 'Investment purpose', present: (a) => a.applicationData.investmentPurpose !== undefined },
    { field: 'applicationData.declaration', label: 'The declaration', present: (a) => a.applicationData.declaration === true },
  ],
  corporate: [
    { field: 'companyName', label: 'Company name', present: (a) => a.companyName !== null },
    { field: 'applicationData.countryOfOperation', label: 'Country of operation', present: (a) => a.applicationData.countryOfOperation !== undefined },
    { field: 'applicationData.directorsName', label: "Director's name", present: (a) => a.applicationData.directorsName !== undefined },
    { field: 'investmentAmount', label: 'Investment amount', present: (a) => a.investmentAmountMinor !== null },
    { field: 'investmentDuration', label: 'Investment duration', present: (a) => a.investmentDuration !== null },
    { field: 'applicationData.companyStructure', label: 'Company structure', present: (a) => a.applicationData.companyStructure !== undefined },
    { field: 'applicationData.declaration', label: 'The declaration', present: (a) => a.applicationData.declaration === true },
  ],
  gipp: [
    { field: 'fullName', label: 'Full name', present: (a) => a.fullName !== null },
    { field: 'email', label: 'Email', present: (a) => a.email !== null },
    { field: 'investmentAmount', label: 'Investment amount', present: (a) => a.investmentAmountMinor !== null },
    { field: 'applicationData.declaration', label: 'The declaration', present: (a) => a.applicationData.declaration === true },
  ],
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** No address is longer (RFC 5321); the submitted event carries the email with this bound, so a longer one would be refused by its consumers. */
const EMAIL_MAX_LENGTH = 254;

/**
 * The problems that stop a submission, the first one being the message shown: missing
 * required fields first (spec 01 §5 lists them per form), then amounts and choices.
 */
export function submissionProblems(application: CleanApplication, options: OfferedOptions): { message: string; details: FieldError[] } | null {
  const type = application.applicationType;
  const missing = REQUIRED[type].filter((rule) => !rule.present(application));
  if (missing.length > 0) {
    return { message: APPLICATION_MESSAGES.required, details: missing.map((rule) => ({ field: rule.field, message: `${rule.label} is required` })) };
  }
  const names = nameProblems(application);
  if (names) return names;
  const details: FieldError[] = [];
  const amount = application.investmentAmountMinor as bigint;
  if (type === 'gipp') {
    if (amount <= 0n) details.push({ field: 'investmentAmount', message: APPLICATION_MESSAGES.positiveAmount });
  } else if (amount < BigInt(MINIMUM_INVESTMENT) * 100n) {
    details.push({ field: 'investmentAmount', message: APPLICATION_MESSAGES.minimumAmount });
  } else if (amount % (BigInt(INVESTMENT_STEP) * 100n) !== 0n) {
    details.push({ field: 'investmentAmount', message: APPLICATION_MESSAGES.amountStep });
  }
  if (application.investmentDuration !== null && !options.durations[type].includes(application.investmentDuration)) {
    details.push({ field: 'investmentDuration', message: APPLICATION_MESSAGES.duration });
  }
  if (type === 'personal') {
    // Spec 01 §5: numeric, at least 0, in steps of 1000.
    const income = application.applicationData.annualIncome;
    if (typeof income !== 'number' || !Number.isFinite(income) || income < 0) {
      details.push({ field: 'applicationData.annualIncome', message: APPLICATION_MESSAGES.annualIncome });
    } else if (income % ANNUAL_INCOME_STEP !== 0) {
      details.push({ field: 'applicationData.annualIncome', message: APPLICATION_MESSAGES.annualIncomeStep });
    }
  }
  if (type === 'corporate' && !options.corporateStructures.includes(application.applicationData.companyStructure as string)) {
    details.push({ field: 'applicationData.companyStructure', message: 'Please choose one of the offered company structures.' });
  }
  if (type === 'gipp' && application.investmentCategory !== null && !options.investmentCategories.includes(application.investmentCategory)) {
    details.push({ field: 'investmentCategory', message: 'Please choose one of the offered investment categories.' });
  }
  if (application.email !== null && (application.email.length > EMAIL_MAX_LENGTH || !EMAIL.test(application.email))) details.push({ field: 'email', message: APPLICATION_MESSAGES.invalidEmail });
  return details.length > 0 ? { message: details[0].message, details } : null;
}

/**
 * The required document slots (contracts' application-documents.ts, the rule the forms
 * mirror) that none of the attached documents fills; checked on submission, never on a
 * draft. Each missing slot is a detail under `documents.<slot>`, where the form shows it.
 */
export function documentProblems(type: ApplicationType, documents: Pick<ApplicationDocument, 'purpose'>[]): { message: string; details: FieldError[] } | null {
  const missing = missingRequiredDocuments(type, documents.map((document) => document.purpose));
  if (missing.length === 0) return null;
  return {
    message: APPLICATION_MESSAGES.documentsRequired,
    details: missing.map((slot) => ({ field: `documents.${slot}`, message: MISSING_DOCUMENT_MESSAGES[slot] ?? APPLICATION_MESSAGES.documentsRequired })),
  };
}

/** A draft may be incomplete, but what it holds must still be sane. */
export function draftProblems(application: CleanApplication): { message: string; details: FieldError[] } | null {
  if (application.investmentAmountMinor !== null && application.investmentAmountMinor < 0n) {
    return { message: APPLICATION_MESSAGES.positiveAmount, details: [{ field: 'investmentAmount', message: APPLICATION_MESSAGES.positiveAmount }] };
  }
  return nameProblems(application);
}

/**
 * Names an admin reads in the review (the applicant's, the company's, the directors'): none
 * may hold text-direction controls or zero-width characters (common/hidden-characters.ts).
 */
export function nameProblems(application: CleanApplication): { message: string; details: FieldError[] } | null {
  const names: [string, unknown][] = [
    ['fullName', application.fullName],
    ['companyName', application.companyName],
    ['applicationData.directorsName', application.applicationData.directorsName],
  ];
  const details = names.filter(([, value]) => typeof value === 'string' && hasHiddenCharacters(value)).map(([field]) => ({ field, message: USER_MESSAGES.name_hidden_characters }));
  return details.length > 0 ? { message: details[0].message, details } : null;
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
