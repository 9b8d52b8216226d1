import { describe, expect, it } from 'vitest';
import { NO_PERMISSIONS, type Principal } from '#shared/permissions';
import { DEFAULT_OUTBOUND_SETTINGS } from '#shared/schemas/outbound-calls';
import { campaignState, unassignedForCalls } from './set-up';

const sub = (over: Partial<Principal> = {}): Principal => ({
  role: 'sub',
  permissions: { ...NO_PERMISSIONS, canOutboundCalls: true },
  assignedPhoneNumbers: [],
  assignedConnectors: [],
  assignedAssistants: [],
  ...over,
});

describe('campaignState', () => {
  const reminder = DEFAULT_OUTBOUND_SETTINGS.callTypes.reminder;
  it('is Scheduled only when automatic with both an assistant and a number', () => {
    expect(campaignState(reminder)).toBe('Not set up');
    expect(campaignState({ ...reminder, assistantId: 'a', phoneNumberId: null })).toBe('Not set up');
    expect(campaignState({ ...reminder, assistantId: 'a', phoneNumberId: 'n' })).toBe('Scheduled');
    expect(campaignState({ ...reminder, automatic: false })).toBe('Not Scheduled');
  });
});

describe('unassignedForCalls', () => {
  it('names what a sub user lacks to place a call; admins lack nothing', () => {
    expect(unassignedForCalls(sub())).toEqual(['phone numbers', 'assistants']);
    expect(unassignedForCalls(sub({ assignedPhoneNumbers: ['n'] }))).toEqual(['assistants']);
    expect(unassignedForCalls(sub({ assignedPhoneNumbers: ['n'], assignedAssistants: ['a'] }))).toEqual([]);
    expect(unassignedForCalls({ ...sub(), role: 'admin' })).toEqual([]);
    expect(unassignedForCalls(undefined)).toEqual([]);
  });
});
