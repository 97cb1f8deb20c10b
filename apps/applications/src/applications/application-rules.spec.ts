import { APPLICATION_MESSAGES, userMessage } from '@portal/contracts';
import { addMonths, ApplicationProblem, CleanApplication, cleanApplication, draftProblem, expectedReturnMinor, fromMinor, OfferedOptions, sanitizeText, submissionProblem, toMinor } from './application-rules';

/** A problem in the English words its refusal carries: the message and each field's. */
const inWords = (problem: ApplicationProblem | null) =>
  problem && { message: userMessage(problem.code), details: problem.fields.map(({ field, code }) => ({ field, message: userMessage(code) })) };
const submissionProblems = (application: CleanApplication, offered: OfferedOptions) => inWords(submissionProblem(application, offered));
const draftProblems = (application: CleanApplication) => inWords(draftProblem(application));

const options: OfferedOptions = {
  durations: { personal: [3, 6, 12, 24, 36], corporate: [3, 6, 12, 24, 36, 48, 60], gipp: [3, 6, 12, 24, 36] },
  corporateStructures: ['Partnership', 'Other'],
  investmentCategories: ['Technology'],
};

const personal = (overrides: Record<string, unknown> = {}, data: Record<string, unknown> = {}) =>
  cleanApplication({
    applicationType: 'personal',
    fullName: 'Ada Lovelace',
    investmentAmount: '1500.00',
    investmentDuration: 12,
    applicationData: { address: '1 Street', employment: 'Engineer', annualIncome: 50000, investmentPurpose: 'Growth', declaration: true, ...data },
    ...overrides,
  });

describe('application rules', () => {
  it('removes < > " and \', trims and cuts text to 1000 characters', () => {
    expect(sanitizeText('  <script>alert("x")</script> \'hi\' ')).toBe('scriptalert(x)/script hi');
    expect(sanitizeText('a'.repeat(1500))).toHaveLength(1000);
    expect(sanitizeText('   ')).toBeNull();
  });

  it('converts amounts exactly', () => {
    expect(toMinor('1500.00')).toBe(150000n);
    expect(toMinor('0.10')).toBe(10n);
    expect(fromMinor(150099n)).toBe('1500.99');
  });

  it('refuses names an admin reads with hidden characters, in a submission and in a draft', () => {
    const message = 'Names cannot contain invisible characters or characters that change the reading direction.';
    expect(submissionProblems(personal({ fullName: 'Ada\u202Enimda' }), options)).toEqual({ message, details: [{ field: 'fullName', message }] });
    const corporate = cleanApplication({ applicationType: 'corporate', companyName: 'Acme\u200B', applicationData: { directorsName: 'Eve\u2066Ada' } });
    expect(draftProblems(corporate)?.details).toEqual([
      { field: 'companyName', message },
      { field: 'applicationData.directorsName', message },
    ]);
  });

  it('accepts a complete personal application', () => {
    expect(submissionProblems(personal(), options)).toBeNull();
  });

  it('names every missing required field', () => {
    const problems = submissionProblems(personal({ fullName: '  ' }, { address: '', declaration: false }), options);
    expect(problems?.message).toBe(APPLICATION_MESSAGES.required);
    expect(problems?.details.map((detail) => detail.field)).toEqual(['fullName', 'applicationData.address', 'applicationData.declaration']);
  });

  it('refuses 999 and amounts off the $100 step for personal and corporate, not for GIPP', () => {
    expect(submissionProblems(personal({ investmentAmount: '999.00' }), options)?.message).toBe(APPLICATION_MESSAGES.minimumAmount);
    expect(submissionProblems(personal({ investmentAmount: '1550.00' }), options)?.message).toBe(APPLICATION_MESSAGES.amountStep);
    const gipp = cleanApplication({ applicationType: 'gipp', fullName: 'Ada', email: 'ada@example.test', investmentAmount: '999.00', applicationData: { declaration: true } });
    expect(submissionProblems(gipp, options)).toBeNull();
  });

  it('refuses an annual income below 0 or off the $1,000 step (spec 01 §5), and takes 0 and whole thousands', () => {
    expect(submissionProblems(personal({}, { annualIncome: -1000 }), options)?.details).toEqual([{ field: 'applicationData.annualIncome', message: APPLICATION_MESSAGES.annualIncome }]);
    for (const income of [1, 999, 50500, 1000.5, '75250']) {
      expect(submissionProblems(personal({}, { annualIncome: income }), options)?.details).toEqual([{ field: 'applicationData.annualIncome', message: APPLICATION_MESSAGES.annualIncomeStep }]);
    }
    expect(APPLICATION_MESSAGES.annualIncomeStep).toBe('Annual income must be in steps of $1,000.');
    for (const income of [0, 1000, 75000, '120000']) expect(submissionProblems(personal({}, { annualIncome: income }), options)).toBeNull();
  });

  it('accepts only offered durations and structures', () => {
    expect(submissionProblems(personal({ investmentDuration: 48 }), options)?.message).toBe(APPLICATION_MESSAGES.duration);
    const corporate = cleanApplication({
      applicationType: 'corporate',
      companyName: 'Acme',
      investmentAmount: '5000.00',
      investmentDuration: 60,
      applicationData: { countryOfOperation: 'UK', directorsName: 'Bo', companyStructure: 'Cartel', declaration: true },
    });
    expect(submissionProblems(corporate, options)?.details).toEqual([{ field: 'applicationData.companyStructure', message: 'Please choose one of the offered company structures.' }]);
  });

  it('refuses an email longer than 254 characters, which the submitted event cannot carry', () => {
    const gipp = (email: string) => cleanApplication({ applicationType: 'gipp', fullName: 'Ada', email, investmentAmount: '999.00', applicationData: { declaration: true } });
    const longest = `${'a'.repeat(64)}@${'b'.repeat(184)}.test`;
    expect(longest).toHaveLength(254);
    expect(submissionProblems(gipp(longest), options)).toBeNull();
    expect(submissionProblems(gipp(`a${longest}`), options)?.details).toEqual([{ field: 'email', message: APPLICATION_MESSAGES.invalidEmail }]);
  });

  it('computes maturity and expected return', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2026-11-23', 12)).toBe('2027-11-23');
    expect(expectedReturnMinor(150000n, 15, 12)).toBe(22500n);
    expect(expectedReturnMinor(100000n, 18, 6)).toBe(9000n);
    expect(expectedReturnMinor(100000n, 25, null)).toBe(25000n);
  });
});
