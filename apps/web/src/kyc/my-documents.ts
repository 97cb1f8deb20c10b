import { callGateway } from '../api/http';

/**
 * kyc-api's kycKeys.mine() and kycApi.mine, written out here: importing kyc-api would split it
 * into a chunk of its own, and every new chunk lengthens the preload map the sign-in route loads.
 * The dashboard's notice (KycStatusBadge) reads it, and the dashboard's first data asks for it.
 */
export const MY_KYC_DOCUMENTS_KEY = ['kyc', 'mine'] as const;
export const myKycDocuments = () => callGateway((client, init) => client.GET('/api/v1/kyc/documents', init));
