import { describe, expect, it } from 'vitest';
import { RECEPTIONIST_TOOL_NAMES, receptionistToolName, receptionistTools } from './tools';

describe('receptionist tools', () => {
  const tools = receptionistTools({ url: 'https://practice.example/webhook', secret: 's' });

  it('are the function tools and a transferCall tool without destinations (Vapi asks our webhook where to)', () => {
    expect(tools.map(receptionistToolName)).toEqual(RECEPTIONIST_TOOL_NAMES);
    expect(tools.at(-1)).toEqual({ type: 'transferCall' });
  });

  it('are told from other tools by name, a transfer tool by its type; a practice’s own transfer is not ours', () => {
    expect(receptionistToolName({ type: 'function', function: { name: 'bookAppointment' } })).toBe(
      'bookAppointment',
    );
    expect(receptionistToolName({ type: 'transferCall', destinations: [] })).toBe('transferCall');
    expect(
      receptionistToolName({
        type: 'transferCall',
        destinations: [{ type: 'number', number: '+12125550143' }],
      }),
    ).toBeUndefined();
    expect(receptionistToolName({ type: 'function', function: { name: 'lookupInvoice' } })).toBeUndefined();
    expect(receptionistToolName({ type: 'endCall' })).toBeUndefined();
    expect(receptionistToolName(null)).toBeUndefined();
  });
});
