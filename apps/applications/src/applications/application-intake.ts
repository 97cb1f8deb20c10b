import { Injectable } from '@nestjs/common';
import { EntityManager } from 'typeorm';
import { Actor, APPLICATION_FILE_PURPOSE_PREFIX, ApplicationDocument, ApplicationInput, ApplicationView } from '@portal/contracts';
import { fieldRefusal, ServiceError } from '@portal/messaging';
import { ApplicationProblem, cleanApplication, CleanApplication, documentProblem, draftProblem, sanitizeText, submissionProblem } from './application-rules';
import { InvestmentApplication } from './application.entity';
import { ApplicationAccess } from './application-access';
import { announceSubmission } from './application-outbox';
import { ApplicationSettings } from './application-settings';
import { applicationView } from './application-view';
import { ApplicationsRepository } from './applications.repository';
import { AccountContact, OtherServicesClient } from './other-services.client';

/** The 400 of a form's problem: its message, and each field's where the form shows it. */
function refusal(problem: ApplicationProblem): ServiceError {
  return ServiceError.of(400, problem.code, { details: problem.fields.map(({ field, code }) => fieldRefusal(field, code)) });
}

/** A customer's form, checked and ready to be written: a draft, or a submission. */
export interface CheckedApplication {
  customer: Actor;
  application: CleanApplication;
  documents: ApplicationDocument[];
  draft: boolean;
  /** The account's contact details, for a submission only. */
  contact: AccountContact | null;
}

/** What a new application and a changed draft share: the checks of a customer's form, and writing it. */
@Injectable()
export class ApplicationIntake {
  constructor(
    private readonly access: ApplicationAccess,
    private readonly settings: ApplicationSettings,
    private readonly services: OtherServicesClient,
    private readonly applications: ApplicationsRepository,
  ) {}

  /** Refuses what the caller may not send (a 4xx with the spec's message); a draft may be incomplete. */
  async check(input: ApplicationInput, actor: Actor | null, draft: boolean): Promise<CheckedApplication> {
    const customer = this.access.customer(actor);
    const application = cleanApplication(input);
    if (!draft) this.settings.requireInvestmentsEnabled();
    const problem = draft ? draftProblem(application) : submissionProblem(application, this.settings.offeredOptions());
    if (problem) throw refusal(problem);
    const documents = await this.ownedDocuments(input.documentIds ?? [], customer);
    if (!draft) this.requireDocuments(application, documents);
    const contact = draft ? null : await this.services.accountOf(customer);
    return { customer, application, documents, draft, contact };
  }

  /** Writes the form into the record and, for a submission, announces it; answers the application as stored. */
  async write(manager: EntityManager, record: InvestmentApplication, checked: CheckedApplication): Promise<ApplicationView> {
    this.fill(record, checked);
    await this.applications.save(manager, record);
    if (!checked.draft) await announceSubmission(manager, record);
    return applicationView(await this.applications.reload(manager, record.id));
  }

  /** A submission holds a file in each slot its form marks as required (issue 30); a draft need not. */
  private requireDocuments(application: CleanApplication, documents: ApplicationDocument[]): void {
    const problem = documentProblem(application.applicationType, documents);
    if (problem) throw refusal(problem);
  }

  /**
   * Documents must be files the applicant uploaded for an application; kyc, their owner,
   * tells which are. Another upload of theirs (a KYC document may be a DOC or DOCX, a
   * profile photo a GIF) was not checked against spec 01 §5's PDF, JPG or PNG, and the
   * admins who review applications are not the ones its purpose lets read it.
   */
  private async ownedDocuments(fileIds: string[], customer: Actor): Promise<ApplicationDocument[]> {
    const ids = [...new Set(fileIds)];
    if (ids.length === 0) return [];
    const files = await this.services.ownedFiles(ids, customer);
    if (files.length !== ids.length) throw refusal({ code: 'documents_not_found', fields: [{ field: 'documentIds', code: 'documents_not_found' }] });
    // Theirs, but uploaded for something else: told so, rather than "not found".
    if (files.some((file) => !file.purpose?.startsWith(APPLICATION_FILE_PURPOSE_PREFIX))) {
      throw refusal({ code: 'documents_wrong_purpose', fields: [{ field: 'documentIds', code: 'documents_wrong_purpose' }] });
    }
    const byId = new Map(files.map((file) => [file.id, file]));
    return ids.flatMap((id) => {
      const file = byId.get(id);
      return file ? [{ fileId: file.id, name: file.name, size: file.size, mimeType: file.mimeType, purpose: file.purpose }] : [];
    });
  }

  private fill(record: InvestmentApplication, { application, documents, draft, contact }: CheckedApplication): void {
    record.applicationType = application.applicationType;
    record.status = draft ? 'draft' : 'pending';
    // Personal and corporate forms ask for no email; the account's is the applicant's contact.
    record.fullName = application.fullName ?? (contact ? sanitizeText(`${contact.firstName} ${contact.lastName}`) : null);
    record.email = application.email ?? contact?.email ?? null;
    record.phone = application.phone;
    record.investmentAmountMinor = application.investmentAmountMinor === null ? null : application.investmentAmountMinor.toString();
    record.investmentDuration = application.investmentDuration;
    record.investmentCategory = application.investmentCategory;
    record.companyName = application.companyName;
    record.companyRegistration = application.companyRegistration;
    record.applicationData = application.applicationType === 'gipp' && !draft ? { ...application.applicationData, submittedAt: new Date().toISOString() } : application.applicationData;
    record.documents = documents;
    record.submittedAt = draft ? null : new Date();
  }
}
