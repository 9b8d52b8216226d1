import type { QueryClient } from '@tanstack/react-query';
import { PROVIDERS_KEY } from './get-providers';
import { SLOTS_KEY } from './get-slots';

/** The doctors and open times come from the active practice system: stale once it changes. */
export const invalidateBookingOptions = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: PROVIDERS_KEY }),
    queryClient.invalidateQueries({ queryKey: SLOTS_KEY }),
  ]);
