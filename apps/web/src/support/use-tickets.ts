import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportApi, type NewTicket, type TicketStatus, type TicketUpdate } from './support-api';
import { supportKeys } from './query-keys';

/** Spec 02 §2: the ticket list shows the first 10. */
export const TICKETS_SHOWN = 10;

export function useOwnTickets() {
  return useQuery({ queryKey: supportKeys.own(TICKETS_SHOWN), queryFn: () => supportApi.listOwn(TICKETS_SHOWN), staleTime: 30_000 });
}

export function useOwnTicket(id: string | null) {
  return useQuery({ queryKey: supportKeys.ownTicket(id ?? ''), queryFn: () => supportApi.getOwn(id as string), enabled: Boolean(id) });
}

export function useCreateTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (ticket: NewTicket) => supportApi.create(ticket), onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }) });
}

export function useReplyToTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (message: string) => supportApi.reply(id, message), onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }) });
}

/** Admins page through every ticket, newest first. */
export const ADMIN_TICKETS_PAGE = 100;

export function useAllTickets(filter: { status?: TicketStatus; q?: string }) {
  return useInfiniteQuery({
    queryKey: supportKeys.admin(filter),
    queryFn: ({ pageParam }) => supportApi.listAll({ ...filter, limit: ADMIN_TICKETS_PAGE, cursor: pageParam }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    staleTime: 30_000,
  });
}

export function useAnyTicket(id: string | null) {
  return useQuery({ queryKey: supportKeys.adminTicket(id ?? ''), queryFn: () => supportApi.getAny(id as string), enabled: Boolean(id) });
}

export function useUpdateTicket(id: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (update: TicketUpdate) => supportApi.update(id, update), onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }) });
}

export function useDeleteTicket() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (id: string) => supportApi.remove(id), onSuccess: () => queryClient.invalidateQueries({ queryKey: supportKeys.all }) });
}
