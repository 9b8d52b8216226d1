import type { Principal } from '#shared/permissions';
import type { CallType, CallTypeSettings } from '#shared/schemas/outbound-calls';
import { callTypeLabel } from './call-status';

export type Missing = 'assistant' | 'phone number';

/** What a call type still needs before its daily campaign calls anyone (the server skips it until then). */
export function missingChoices(settings: Pick<CallTypeSettings, 'assistantId' | 'phoneNumberId'>): Missing[] {
  const missing: Missing[] = [];
  if (!settings.assistantId) missing.push('assistant');
  if (!settings.phoneNumberId) missing.push('phone number');
  return missing;
}

export type CampaignState = 'Scheduled' | 'Not set up' | 'Not Scheduled';

/** "Scheduled" only when the campaign runs and has both an assistant and a number to call with. */
export function campaignState(settings: CallTypeSettings): CampaignState {
  if (!settings.automatic) return 'Not Scheduled';
  return missingChoices(settings).length ? 'Not set up' : 'Scheduled';
}

const withArticle = (m: Missing) => (m === 'assistant' ? 'an assistant' : 'a phone number');

/** E.g. "No reminder calls are made until an assistant and a phone number are chosen." */
export function notSetUpText(callType: CallType, missing: readonly Missing[]): string {
  const what = missing.map(withArticle).join(' and ');
  const verb = missing.length > 1 ? 'are' : 'is';
  return `No ${callTypeLabel(callType).toLowerCase()} calls are made until ${what} ${verb} chosen.`;
}

export type Unassigned = 'phone numbers' | 'assistants';

/** What a sub user lacks to place any call: calls go out from an assigned number with an assigned assistant. */
export function unassignedForCalls(principal: Principal | undefined): Unassigned[] {
  if (!principal || principal.role === 'admin') return [];
  const missing: Unassigned[] = [];
  if (principal.assignedPhoneNumbers.length === 0) missing.push('phone numbers');
  if (principal.assignedAssistants.length === 0) missing.push('assistants');
  return missing;
}
