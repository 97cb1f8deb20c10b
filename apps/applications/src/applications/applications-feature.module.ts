import { Module } from '@nestjs/common';
import { ApplicantDirectory } from './applicant-directory';
import { ApplicationAccess } from './application-access';
import { ApplicationIntake } from './application-intake';
import { ApplicationSettings } from './application-settings';
import { ApplicationsController } from './applications.controller';
import { ApplicationsRepository } from './applications.repository';
import { OtherServicesClient } from './other-services.client';
import { FindReferencedFiles } from './use-cases/find-referenced-files';
import { GetOwnApplication } from './use-cases/get-own-application';
import { InvestmentOversight } from './use-cases/investment-oversight';
import { GetLatestApplicationStatus } from './use-cases/latest-application-status';
import { ListApplicationsForAdmin } from './use-cases/list-applications-for-admin';
import { ListOwnApplications } from './use-cases/list-own-applications';
import { ReviewApplication } from './use-cases/review-application';
import { SubmitApplication } from './use-cases/submit-application';
import { UpdateDraft } from './use-cases/update-draft';

const useCases = [
  SubmitApplication,
  UpdateDraft,
  ListOwnApplications,
  GetOwnApplication,
  GetLatestApplicationStatus,
  FindReferencedFiles,
  ListApplicationsForAdmin,
  ReviewApplication,
  InvestmentOversight,
];

/** What several use cases share: the tables, access checks, settings, calls to other services, what identity tells about applicants, and the intake of a form. */
const collaborators = [ApplicationsRepository, ApplicationAccess, ApplicationSettings, OtherServicesClient, ApplicantDirectory, ApplicationIntake];

/** Applications, drafts, the review workflow and the investments approvals open. */
@Module({ controllers: [ApplicationsController], providers: [...useCases, ...collaborators] })
export class ApplicationsFeatureModule {}
