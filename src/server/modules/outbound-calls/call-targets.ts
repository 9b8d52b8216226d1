import { OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';
import { badRequest } from '../../errors';
import type { Viewer } from '../../plugins/auth';
import type { AssistantsService } from '../assistants/assistants.service';
import type { PhoneNumbersService } from '../phone-numbers/phone-numbers.service';
import { isUuid } from '../../lib/uuid';

export interface CallTargets {
  assistantId: string;
  phoneNumberId: string;
}

/**
 * The assistant and number a call is placed with, checked for the viewer (a sub user only with assigned ones):
 * 400 naming the field when none is chosen (`missing` says where to choose) or it is not the viewer's to use.
 */
export function createCallTargets(deps: {
  assistants: Pick<AssistantsService, 'visible'>;
  phoneNumbers: Pick<PhoneNumbersService, 'visibleById'>;
}) {
  return async function resolveTargets(
    viewer: Viewer,
    chosen: { assistantId: string | null | undefined; phoneNumberId: string | null | undefined },
    missing: { assistant: string; number: string } = {
      assistant: M.noAssistantConfigured,
      number: M.noNumberConfigured,
    },
  ): Promise<CallTargets> {
    const { assistantId, phoneNumberId } = chosen;
    if (!assistantId) throw badRequest(missing.assistant, { assistant_id: missing.assistant });
    if (!phoneNumberId) throw badRequest(missing.number, { phone_number_id: missing.number });
    const assistant = isUuid(assistantId) && (await deps.assistants.visible(viewer, assistantId));
    if (!assistant) throw badRequest(M.unknownAssistant, { assistant_id: M.unknownAssistant });
    const number = isUuid(phoneNumberId) && (await deps.phoneNumbers.visibleById(viewer, phoneNumberId));
    if (!number) throw badRequest(M.unknownNumber, { phone_number_id: M.unknownNumber });
    return { assistantId: assistant.id, phoneNumberId: number.id };
  };
}
export type ResolveTargets = ReturnType<typeof createCallTargets>;
