import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SandboxMail } from '#shared/schemas/mail';
import { ApiError, apiGet } from '../../../lib/api-client';

/** The sandbox's mails, or `null` when the server sends through SMTP (it answers 404: there is no sandbox). */
export const sandboxMailQueryOptions = queryOptions({
  queryKey: ['/api/mail/sandbox'],
  queryFn: async ({ queryKey }): Promise<SandboxMail[] | null> => {
    try {
      return (await apiGet<{ messages: SandboxMail[] }>(queryKey)).messages;
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }
  },
});

export const useSandboxMail = () => useQuery(sandboxMailQueryOptions);
