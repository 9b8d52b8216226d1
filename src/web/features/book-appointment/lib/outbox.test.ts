import { beforeEach, describe, expect, it } from 'vitest';
import { addToOutbox, markFailed, readOutbox, removeFromOutbox, type OutboxEntry } from './outbox';

const entry = (reference: string): OutboxEntry => ({
  reference,
  userId: 'u1',
  state: 'waiting',
  params: {
    appointment_type: 'filling',
    date: '2030-01-07',
    time: '09:00',
    patient_info: { name: 'Ann Lee', phone_number: '5551234567' },
  },
});

describe('the booking outbox', () => {
  beforeEach(() => localStorage.clear());

  it('keeps entries in localStorage by reference', () => {
    addToOutbox(entry('WEB-1'));
    addToOutbox(entry('WEB-2'));
    addToOutbox(entry('WEB-1'));
    expect(readOutbox().map((e) => e.reference)).toEqual(['WEB-2', 'WEB-1']);
    markFailed('WEB-2', 'Refused');
    expect(readOutbox()[0]).toMatchObject({ state: 'failed', error: 'Refused' });
    removeFromOutbox('WEB-2');
    removeFromOutbox('WEB-1');
    expect(readOutbox()).toEqual([]);
    expect(localStorage.getItem('bookingOutbox')).toBeNull();
  });

  it('survives a corrupt stored value', () => {
    localStorage.setItem('bookingOutbox', '{not json');
    expect(readOutbox()).toEqual([]);
  });
});
