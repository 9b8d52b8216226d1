import { describe, expect, it } from 'vitest';
import { formatNational, phoneNumberTitle, planMapping } from './phone-number-display';

describe('phone number display', () => {
  it('shows E.164 in national format and leaves what is not a number alone', () => {
    expect(formatNational('+12125550143')).toBe('(212) 555-0143');
    expect(formatNational('+442071838750')).toBe('020 7183 8750');
    expect(formatNational('not a number')).toBe('not a number');
  });

  it('titles a number by its name, else its number, else Untitled Phone Number', () => {
    expect(phoneNumberTitle({ name: 'Main Line', number: '+12125550143' })).toBe('Main Line');
    expect(phoneNumberTitle({ name: null, number: '+12125550143' })).toBe('(212) 555-0143');
    expect(phoneNumberTitle({ name: null, number: null })).toBe('Untitled Phone Number');
  });
});

describe('planMapping (spec section 4)', () => {
  const existing = { phoneNumber: '+12125550143', connectorId: 'sandbox', name: 'Main Line' };
  const number = '+12125550143';

  it('creates when the number has no mapping', () => {
    expect(planMapping({ number, connectorId: 'sandbox', name: 'Main Line', existing: undefined })).toEqual({
      kind: 'create',
      input: { phoneNumber: number, connectorId: 'sandbox', name: 'Main Line' },
    });
  });

  it('replaces when one exists and the connector or name changed', () => {
    expect(planMapping({ number, connectorId: 'dentrix-1', name: 'Main Line', existing })).toEqual({
      kind: 'replace',
      phoneNumber: number,
      input: { connectorId: 'dentrix-1', name: 'Main Line' },
    });
    expect(planMapping({ number, connectorId: 'sandbox', name: 'Front', existing }).kind).toBe('replace');
  });

  it('removes when the connector is cleared, and sends nothing when there was none', () => {
    expect(planMapping({ number, connectorId: '', name: 'Main Line', existing })).toEqual({
      kind: 'remove',
      phoneNumber: number,
    });
    expect(planMapping({ number, connectorId: '', name: 'Main Line', existing: undefined }).kind).toBe(
      'none',
    );
  });

  it('sends nothing when unchanged or while the number is provisioning', () => {
    expect(planMapping({ number, connectorId: 'sandbox', name: 'Main Line', existing }).kind).toBe('none');
    expect(planMapping({ number: null, connectorId: 'sandbox', name: '', existing: undefined }).kind).toBe(
      'none',
    );
  });
});
