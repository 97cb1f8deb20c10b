import { useQuery } from '@tanstack/react-query';
import { callGateway } from './http';

/** GET /api/v1/me: the signed-in user as identity holds them now (KYC and account status included). */
export const currentUserKey = ['me', 'current-user'] as const;

export const fetchCurrentUser = () => callGateway((client, init) => client.GET('/api/v1/me', init));

/** One query for every view of the signed-in user's current state; a profile change invalidates ['me']. */
export const useCurrentUser = () => useQuery({ queryKey: currentUserKey, queryFn: fetchCurrentUser });
