import { describe, expect, it } from 'vitest';
import { outboundCallsQueryOptions } from './get-outbound-calls';
import { patientsForCallingQueryOptions } from './get-patients';

// Spec part 1 sections 7 and 9: the history polls every 10 s, the patients every 30 s, both stale after 5 min.
describe('outbound calls polling', () => {
  it('asks for the call history every 10 seconds', () => {
    expect(outboundCallsQueryOptions.refetchInterval).toBe(10_000);
    expect(outboundCallsQueryOptions.staleTime).toBe(300_000);
  });

  it('asks for the patients every 30 seconds', () => {
    expect(patientsForCallingQueryOptions.refetchInterval).toBe(30_000);
    expect(patientsForCallingQueryOptions.staleTime).toBe(300_000);
  });
});
