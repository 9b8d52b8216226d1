import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallDetail } from '#shared/schemas/calls';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { messagesPathFor } from '../../messages';
import { CallDetailsDialog } from './call-details-dialog';

const ID = '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b';
const call = (over: Partial<CallDetail>): CallDetail => ({
  id: ID,
  status: 'ended',
  type: 'inboundPhoneCall',
  startedAt: '2026-03-02T15:04:06.000Z',
  endedAt: '2026-03-02T15:04:36.000Z',
  duration: 30,
  endedReason: 'customer-ended-call',
  cost: 0,
  customer: { name: 'Sofía Álvarez', number: '+19175550001' },
  phoneNumber: { id: 'n1', number: '+12125550143' },
  assistant: { id: null, name: null },
  analysis: { summary: 'New patient booked a cleaning.', successEvaluation: 'true' },
  createdAt: '2026-03-02T15:04:05.123Z',
  costBreakdown: null,
  transcript: 'AI: Thank you for calling Bright Smile Dental.',
  summary: 'New patient booked a cleaning.',
  recordingUrl: null,
  stereoRecordingUrl: null,
  artifact: { pcapUrl: null },
  messages: [],
  updatedAt: '2026-03-02T15:05:00.000Z',
  ...over,
});

async function costTab(detail: CallDetail) {
  mockApi({ [`GET /api/calls/${ID}`]: { body: { call: detail } } });
  renderWithApp(<CallDetailsDialog callId={ID} onClose={() => undefined} />);
  const dialog = await screen.findByRole('dialog');
  fireEvent.click(await within(dialog).findByRole('tab', { name: 'Call Cost' }));
  return within(dialog).getByRole('tabpanel');
}

describe('the call dialog cost view', () => {
  it('says "Simulated call: no charge" for the sandbox caller\'s zero breakdown, not a table of N/A', async () => {
    // What the call simulator reports (call-simulator.ts): every amount zero.
    const panel = await costTab(
      call({
        costBreakdown: {
          transport: 0,
          stt: 0,
          llm: 0,
          tts: 0,
          vapi: 0,
          total: 0,
          analysisCostBreakdown: { summary: 0 },
        },
      }),
    );
    expect(within(panel).getByText('Simulated call: no charge')).toBeTruthy();
    expect(within(panel).queryByText('N/A')).toBeNull();
    expect(within(panel).queryByRole('table')).toBeNull();
  });

  it('keeps the table for a call that cost something', async () => {
    const panel = await costTab(
      call({
        cost: 0.0421,
        costBreakdown: {
          transport: 0.0008,
          stt: 0.0031,
          llm: 0.0012,
          tts: 0.0105,
          vapi: 0.0121,
          total: 0.0421,
        },
      }),
    );
    expect(within(panel).queryByText('Simulated call: no charge')).toBeNull();
    expect(within(panel).getByText('Total: $0.0421')).toBeTruthy();
    expect(within(panel).getByRole('table')).toBeTruthy();
  });
});

describe('the call dialog Messages link', () => {
  it("links to the caller's texts when the viewer may use Messages", async () => {
    mockApi({ [`GET /api/calls/${ID}`]: { body: { call: call({}) } } });
    renderWithApp(<CallDetailsDialog callId={ID} onClose={() => undefined} messagesLink={messagesPathFor} />);
    const dialog = await screen.findByRole('dialog');
    const link = await within(dialog).findByRole('link', { name: 'Messages with Sofía Álvarez' });
    expect(link.getAttribute('href')).toBe('/messages?q=19175550001');
  });

  it('has no Messages link otherwise', async () => {
    mockApi({ [`GET /api/calls/${ID}`]: { body: { call: call({}) } } });
    renderWithApp(<CallDetailsDialog callId={ID} onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('tab', { name: 'Overview' });
    expect(within(dialog).queryByRole('link', { name: /Messages/ })).toBeNull();
  });
});

describe('the call dialog times', () => {
  it("shows the call's times in the practice's zone, named, as the list does", async () => {
    mockApi({ [`GET /api/calls/${ID}`]: { body: { call: call({}) } } });
    renderWithApp(<CallDetailsDialog callId={ID} timeZone="America/Chicago" onClose={() => undefined} />);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('Mar 2, 2026, 9:04 AM CST', { selector: 'p' })).toBeTruthy();
    const started = within(dialog).getByText('Started').nextElementSibling;
    expect(started?.textContent).toBe('Mar 2, 2026, 9:04 AM CST');
  });
});
