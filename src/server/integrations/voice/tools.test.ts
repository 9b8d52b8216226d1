import { describe, expect, it } from 'vitest';
import { isReceptionistTool, receptionistTools } from './tools';

describe('receptionist tools', () => {
  const tools = receptionistTools({ url: 'https://practice.example/webhook', secret: 's' });

  it('are the function tools and a transferCall tool without destinations (Vapi asks our webhook where to)', () => {
    expect(tools.every(isReceptionistTool)).toBe(true);
    expect(tools.at(-1)).toEqual({ type: 'transferCall' });
  });

  it('are told from other tools by name, a transfer tool by its type; a practice’s own transfer is not ours', () => {
    expect(isReceptionistTool({ type: 'function', function: { name: 'bookAppointment' } })).toBe(true);
    expect(isReceptionistTool({ type: 'transferCall', destinations: [] })).toBe(true);
    expect(
      isReceptionistTool({
        type: 'transferCall',
        destinations: [{ type: 'number', number: '+12125550143' }],
      }),
    ).toBe(false);
    expect(isReceptionistTool({ type: 'function', function: { name: 'lookupInvoice' } })).toBe(false);
    expect(isReceptionistTool({ type: 'endCall' })).toBe(false);
    expect(isReceptionistTool(null)).toBe(false);
  });
});
