import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supportApi, type NewTicket, type TicketDetail, type TicketPage, type TicketStatus, type TicketUpdate } from './support-api';
import { supportKeys } from './query-keys';
import { customerViewApi, customerViewKeys } from '../customer-view/customer-view-api';
import { useViewedCustomer } from '../customer-view/customer-view-context';

/** Spec 02 §2: the ticket list shows the first 10. */
export const TICKETS_SHOWN = 10;

/** The customer's tickets; in an admin's read-only customer view (issue 30), the viewed customer's. */
export function useOwnTickets() {
  const viewed = useViewedCustomer();
  return useQuery<TicketPage>({
    queryKey: viewed ? customerViewKeys.tickets(viewed, TICKETS_SHOWN) : supportKeys.own(TICKETS_SHOWN),
    queryFn: () => (viewed ? customerViewApi.tickets(viewed, TICKETS_SHOWN) : supportApi.listOwn(TICKETS_SHOWN)),
    staleTime: 30_000,
  });
}

export function useOwnTicket(id: string | null) {
  const viewed = useViewedCustomer();
  return useQuery<TicketDetail>({
    queryKey: viewed ? customerViewKeys.ticket(viewed, id ?? '') : supportKeys.ownTicket(id ?? ''),
    queryFn: () => (viewed ? customerViewApi.ticket(viewed, id as string) : supportApi.getOwn(id as string)),
    enabled: Boolean(id),
  });
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
