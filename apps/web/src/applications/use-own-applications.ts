import { useQuery } from '@tanstack/react-query';
import { customerViewApi, customerViewKeys } from '../customer-view/customer-view-api';
import { useViewedCustomer } from '../customer-view/customer-view-context';
import { applicationsApi } from './applications-api';
import { applicationKeys } from './query-keys';

/**
 * The customer's own applications (GET /api/v1/applications), drafts included: the Status
 * screen and the portfolio's "in review" list share it. In an admin's read-only customer
 * view (issue 30), the viewed customer's, read through the audited customer-view endpoint.
 */
export function useOwnApplications() {
  const viewed = useViewedCustomer();
  return useQuery({
    queryKey: viewed ? customerViewKeys.applications(viewed) : applicationKeys.own(),
    queryFn: () => (viewed ? customerViewApi.applications(viewed) : applicationsApi.listOwn()),
  });
}
