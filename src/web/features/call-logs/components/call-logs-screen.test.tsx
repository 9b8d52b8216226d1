import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { CallDetail, CallSummary } from '#shared/schemas/calls';
import { heldReply, mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { CallLogsScreen, SEARCH_DEBOUNCE_MS } from './call-logs-screen';
import { CALL_TABS } from './call-details-dialog';

const STATS = { total: 2, completed: 1, totalDurationSeconds: 125, totalCost: 0.0421 };
const NO_STATS = { total: 0, completed: 0, totalDurationSeconds: 0, totalCost: 0 };

const summary = (over: Partial<CallSummary> = {}): CallSummary => ({
  id: '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
  status: 'ended',
  type: 'inboundPhoneCall',
  startedAt: '2026-03-02T15:04:06.000Z',
  endedAt: '2026-03-02T15:04:20.500Z',
  duration: 14.5,
  endedReason: 'customer-ended-call',
  cost: 0.0421,
  customer: { name: 'Zoë Ångström', number: '+15555550123' },
  phoneNumber: { id: 'n1', number: '+12125550143' },
  assistant: { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Riley' },
  analysis: { successEvaluation: 'true' },
  createdAt: '2026-03-02T15:04:05.123Z',
  ...over,
});

const detail = (over: Partial<CallDetail> = {}): CallDetail => ({
  ...summary(),
  costBreakdown: { transport: 0.0008, stt: 0.0031, llm: 0.0012, tts: 0.0105, vapi: 0.0121, total: 0.0421 },
  transcript: 'AI: Thanks for calling, how can I help?\nUser: I need a cleaning.',
  summary: 'Caller booked a cleaning.',
  recordingUrl: 'https://storage.vapi.ai/mono.wav',
  stereoRecordingUrl: 'https://storage.vapi.ai/stereo.wav',
  artifact: { pcapUrl: null },
  messages: [{ timestamp: 1772463846000, type: 'bot', content: `Hello ${'x'.repeat(200)}` }],
  analysis: { summary: 'Caller booked a cleaning.', successEvaluation: 'true' },
  updatedAt: '2026-03-02T15:05:00.000Z',
  ...over,
});

describe('CallLogsScreen', () => {
  it('shows a spinner while the calls load', () => {
    mockApi({ 'GET /api/calls': pending, 'GET /api/calls/stats': pending });
    renderWithApp(<CallLogsScreen />);
    expect(screen.getByRole('status')).toBeTruthy();
  });

  it('says no calls have been made yet when there are none', async () => {
    mockApi({
      'GET /api/calls': { body: { calls: [], nextCursor: null } },
      'GET /api/calls/stats': { body: NO_STATS },
    });
    renderWithApp(<CallLogsScreen />);
    expect(await screen.findByText('No calls found')).toBeTruthy();
    expect(screen.getByText('No calls have been made yet')).toBeTruthy();
  });

  it('reads the filter from the URL and says nothing matches it', async () => {
    const api = mockApi({
      'GET /api/calls': { body: { calls: [], nextCursor: null } },
      'GET /api/calls/stats': { body: NO_STATS },
    });
    renderWithApp(<CallLogsScreen />, { route: '/call-logs?q=zzz&status=ringing' });
    expect(await screen.findByText('No calls match your current filters')).toBeTruthy();
    const list = api.calls.find((c) => c.path === '/api/calls')!;
    expect(list.search.get('q')).toBe('zzz');
    expect(list.search.get('status')).toBe('ringing');
    expect((screen.getByLabelText('Status') as HTMLSelectElement).value).toBe('ringing');
    expect((screen.getByLabelText('Search') as HTMLInputElement).value).toBe('zzz');
  });

  it('searches on the server once typing pauses, and keeps the search in the URL', async () => {
    const api = mockApi({
      'GET /api/calls': { body: { calls: [summary()], nextCursor: null } },
      'GET /api/calls/stats': { body: STATS },
    });
    const { router } = renderWithApp(<CallLogsScreen />, { route: '/call-logs' });
    await screen.findByText('0199a1b2');
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '(555) 555' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: '(555) 555-0123' } });
    await waitFor(() => expect(router.state.location.search).toBe('?q=%28555%29+555-0123'));
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/api/calls' && c.search.get('q') === '(555) 555-0123')).toBe(
        true,
      ),
    );
    expect(api.calls.some((c) => c.search.get('q') === '(555) 555')).toBe(false);
    // Once the URL holds the search, no timer is left to write it again: such a timer holds the URL of its own
    // render and, firing after a status was chosen, would undo it.
    let navigations = 0;
    const unsubscribe = router.subscribe(() => navigations++);
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(navigations).toBe(0);
    unsubscribe();
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'ended' } });
    await waitFor(() => expect(router.state.location.search).toContain('status=ended'));
    await new Promise((resolve) => setTimeout(resolve, SEARCH_DEBOUNCE_MS * 2));
    expect(router.state.location.search).toBe('?q=%28555%29+555-0123&status=ended');
  });

  it("adds the start in the practice's time zone, the duration and the status after the spec's columns", async () => {
    mockApi({
      'GET /api/calls': {
        body: {
          calls: [
            summary(),
            summary({
              id: 'eeee0000-0000-4000-8000-000000000003',
              status: 'in-progress',
              startedAt: '2026-07-01T23:30:00.000Z',
              endedAt: null,
              duration: null,
            }),
          ],
          nextCursor: null,
          timeZone: 'America/Los_Angeles',
        },
      },
      'GET /api/calls/stats': { body: { ...STATS, totalDurationSeconds: 6671 } },
    });
    renderWithApp(<CallLogsScreen />);
    const stats = await screen.findByLabelText('Call statistics');
    await waitFor(() => expect(within(stats).getByText('1 h 51 min')).toBeTruthy());
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Call ID',
      'Assistant',
      'Assistant Phone',
      'Customer Phone',
      'Type',
      'Ended Reason',
      'Success Evaluation',
      'Start',
      'Duration',
      'Status',
    ]);
    const cells = (name: string) =>
      within(screen.getByRole('row', { name }))
        .getAllByRole('cell')
        .slice(7)
        .map((cell) => cell.textContent);
    // 15:04 UTC is 7:04 in Los Angeles in March (PST), 23:30 UTC on July 1 is 4:30 PM there (PDT).
    expect(cells('Open call 0199a1b2')).toEqual(['Mar 2, 2026, 7:04 AM PST', '0:15', 'Ended']);
    expect(cells('Open call eeee0000')).toEqual(['Jul 1, 2026, 4:30 PM PDT', '–', 'In Progress']);
  });

  it('shows the stat cards and the table with the spec columns, and loads more pages', async () => {
    const api = mockApi({
      'GET /api/calls': (call) =>
        call.search.get('cursor')
          ? {
              body: {
                calls: [
                  summary({
                    id: 'ffff0000-0000-4000-8000-000000000002',
                    analysis: { successEvaluation: null },
                  }),
                ],
                nextCursor: null,
              },
            }
          : { body: { calls: [summary()], nextCursor: 'next-page' } },
      'GET /api/calls/stats': { body: STATS },
    });
    renderWithApp(<CallLogsScreen />);
    const stats = await screen.findByLabelText('Call statistics');
    await waitFor(() => expect(within(stats).getByText('$0.0421')).toBeTruthy());
    expect(within(stats).getByText('2:05')).toBeTruthy();
    const row = screen.getByRole('row', { name: 'Open call 0199a1b2' });
    expect(within(row).getByText('Riley')).toBeTruthy();
    expect(within(row).getByText('a1b2c3d4')).toBeTruthy();
    expect(within(row).getByText('+12125550143')).toBeTruthy();
    expect(within(row).getByText('+15555550123')).toBeTruthy();
    expect(within(row).getByText('Inbound')).toBeTruthy();
    expect(within(row).getByText('Customer Ended')).toBeTruthy();
    expect(within(row).getByText('Pass')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Load more calls' }));
    const second = await screen.findByRole('row', { name: 'Open call ffff0000' });
    expect(within(second).getByText('–')).toBeTruthy();
    expect(api.calls.find((c) => c.search.get('cursor'))?.search.get('cursor')).toBe('next-page');
    expect(screen.getByText('All 2 calls shown')).toBeTruthy();
  });

  /** The call dialog of the one listed call, once its overview has loaded. */
  async function openCallDialog() {
    mockApi({
      'GET /api/calls': { body: { calls: [summary()], nextCursor: null } },
      'GET /api/calls/stats': { body: STATS },
      'GET /api/calls/0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b': { body: { call: detail() } },
    });
    renderWithApp(<CallLogsScreen />);
    fireEvent.click(await screen.findByRole('row', { name: 'Open call 0199a1b2' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByText('0:15');
    return dialog;
  }

  it('opens a call in the dialog and walks the six tabs', async () => {
    const dialog = await openCallDialog();
    const tab = (name: string) => fireEvent.click(within(dialog).getByRole('tab', { name }));
    tab('Transcript');
    expect(within(dialog).getByText('I need a cleaning.')).toBeTruthy();
    tab('Recording');
    expect(within(dialog).getByText('Recording format: 16-bit 8 kHz mono WAV.')).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Download mono recording' }).getAttribute('href')).toBe(
      'https://storage.vapi.ai/mono.wav',
    );
    expect(within(dialog).queryByRole('link', { name: 'Download PCAP' })).toBeNull();
    tab('Analysis');
    expect(within(dialog).getByText('Caller booked a cleaning.')).toBeTruthy();
    tab('Logs');
    expect(within(dialog).getByText(`Hello ${'x'.repeat(94)}…`)).toBeTruthy();
    tab('Call Cost');
    expect(within(dialog).getByText('Total: $0.0421')).toBeTruthy();
    expect(within(dialog).getByText('$0.0121')).toBeTruthy();
  });

  it('keeps one panel height on every tab, so the dialog does not jump', async () => {
    const dialog = await openCallDialog();
    const panelClasses = CALL_TABS.map((name) => {
      fireEvent.click(within(dialog).getByRole('tab', { name }));
      return within(dialog).getByRole('tabpanel').className;
    });
    // A fixed height (not a minimum: a long transcript scrolls inside), the same on every tab.
    expect(panelClasses[0]).toMatch(/(^|\s)h-\[[^\]]+\](\s|$)/);
    expect(panelClasses[0]).toMatch(/(^|\s)overflow-y-auto(\s|$)/);
    expect(new Set(panelClasses).size).toBe(1);
  });

  it('says what a call lacks in each tab', async () => {
    mockApi({
      'GET /api/calls': { body: { calls: [summary()], nextCursor: null } },
      'GET /api/calls/stats': { body: STATS },
      'GET /api/calls/0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b': {
        body: {
          call: detail({
            transcript: null,
            recordingUrl: null,
            stereoRecordingUrl: null,
            messages: [],
            costBreakdown: null,
            analysis: { summary: null, successEvaluation: null },
          }),
        },
      },
    });
    renderWithApp(<CallLogsScreen />);
    fireEvent.click(await screen.findByRole('row', { name: 'Open call 0199a1b2' }));
    const dialog = await screen.findByRole('dialog');
    await within(dialog).findByRole('tab', { name: 'Transcript' });
    for (const [name, text] of [
      ['Transcript', 'No transcript available for this call'],
      ['Recording', 'No recording available for this call'],
      ['Analysis', 'No analysis data available for this call'],
      ['Logs', 'No logs available for this call'],
      ['Call Cost', 'No cost breakdown available for this call'],
    ]) {
      fireEvent.click(within(dialog).getByRole('tab', { name }));
      expect(within(dialog).getByText(text!)).toBeTruthy();
    }
  });

  it('says when a call cannot be loaded', async () => {
    mockApi({
      'GET /api/calls': { body: { calls: [summary()], nextCursor: null } },
      'GET /api/calls/stats': { body: STATS },
      'GET /api/calls/0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b': {
        status: 404,
        body: { message: 'Call not found.', code: 'not_found', requestId: 'r' },
      },
    });
    renderWithApp(<CallLogsScreen />);
    fireEvent.click(await screen.findByRole('row', { name: 'Open call 0199a1b2' }));
    expect(await screen.findByText('Failed to load call details')).toBeTruthy();
  });

  it('offers the simulator only when given numbers, and opens the simulated call', async () => {
    const api = mockApi({
      'GET /api/calls': { body: { calls: [], nextCursor: null } },
      'GET /api/calls/stats': { body: NO_STATS },
      'POST /api/calls/simulate': { body: { call: detail({ id: 'abcdef12-0000-4000-8000-000000000000' }) } },
      'GET /api/calls/abcdef12-0000-4000-8000-000000000000': {
        body: { call: detail({ id: 'abcdef12-0000-4000-8000-000000000000' }) },
      },
    });
    const { unmount } = renderWithApp(<CallLogsScreen />);
    await screen.findByText('No calls found');
    expect(screen.queryByRole('button', { name: 'Simulate a call' })).toBeNull();
    unmount();
    renderWithApp(
      <CallLogsScreen
        simulator={{ phoneNumbers: [{ id: 'n1', name: 'Main Line', number: '+12125550143' }] }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate a call' }));
    fireEvent.change(screen.getByLabelText('Scenario'), { target: { value: 'question-then-hang-up' } });
    fireEvent.click(screen.getByRole('button', { name: 'Start call' }));
    expect(await screen.findByRole('heading', { name: 'Call abcdef12' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/calls/simulate')?.body).toEqual({
      phoneNumberId: 'n1',
      scenario: 'question-then-hang-up',
    });
  });

  it('calls as the patient whose number is given (a reschedule or cancel scenario)', async () => {
    const api = mockApi({
      'GET /api/calls': { body: { calls: [], nextCursor: null } },
      'GET /api/calls/stats': { body: NO_STATS },
      'POST /api/calls/simulate': { body: { call: detail({ id: 'abcdef12-0000-4000-8000-000000000000' }) } },
      'GET /api/calls/abcdef12-0000-4000-8000-000000000000': {
        body: { call: detail({ id: 'abcdef12-0000-4000-8000-000000000000' }) },
      },
    });
    renderWithApp(
      <CallLogsScreen
        simulator={{ phoneNumbers: [{ id: 'n1', name: 'Main Line', number: '+12125550143' }] }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate a call' }));
    fireEvent.change(screen.getByLabelText('Scenario'), {
      target: { value: 'existing-patient-reschedules' },
    });
    fireEvent.change(screen.getByLabelText('Call as the patient with this number (optional)'), {
      target: { value: '(917) 555-0177' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start call' }));
    expect(await screen.findByRole('heading', { name: 'Call abcdef12' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/calls/simulate')?.body).toEqual({
      phoneNumberId: 'n1',
      scenario: 'existing-patient-reschedules',
      callerNumber: '(917) 555-0177',
    });
  });

  it.each([
    {
      reply: { body: { call: detail({ id: 'abcdef12-0000-4000-8000-000000000000' }) } },
      told: 'Call abcdef12 is in Call Logs.',
    },
    {
      reply: {
        status: 502,
        body: { message: 'The voice platform is unavailable.', code: 'x', requestId: 'r' },
      },
      told: 'The voice platform is unavailable.',
    },
  ])('tells how a call ended that was closed while it ran: $told', async ({ reply, told }) => {
    const held = heldReply();
    mockApi({
      'GET /api/calls': { body: { calls: [], nextCursor: null } },
      'GET /api/calls/stats': { body: NO_STATS },
      'POST /api/calls/simulate': held.route,
    });
    renderWithApp(
      <CallLogsScreen
        simulator={{ phoneNumbers: [{ id: 'n1', name: 'Main Line', number: '+12125550143' }] }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate a call' }));
    fireEvent.click(screen.getByRole('button', { name: 'Start call' }));
    await screen.findByRole('button', { name: 'Simulating…' });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    held.answer(reply);
    expect(await screen.findByText(told)).toBeTruthy();
    // Nothing opens by itself on a screen the person has moved on from.
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("shows the server's reason when a call cannot be simulated", async () => {
    const message =
      'This number books into an outside practice system; the simulator only books into the built-in schedule.';
    mockApi({
      'GET /api/calls': { body: { calls: [], nextCursor: null } },
      'GET /api/calls/stats': { body: NO_STATS },
      'POST /api/calls/simulate': { status: 409, body: { message, code: 'conflict', requestId: 'r' } },
    });
    renderWithApp(
      <CallLogsScreen
        simulator={{
          phoneNumbers: [
            { id: 'n0', name: 'Provisioning', number: null },
            { id: 'n2', name: 'After Hours', number: '+12125550178' },
          ],
        }}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Simulate a call' }));
    const numbers = screen.getByLabelText('Phone number') as HTMLSelectElement;
    expect([...numbers.options].map((o) => o.textContent)).toEqual(['After Hours (+12125550178)']);
    fireEvent.click(screen.getByRole('button', { name: 'Start call' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Simulate a call' })).toBeTruthy();
    // Closed and opened again: a fresh attempt, without the last one's message.
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(screen.getByRole('button', { name: 'Simulate a call' }));
    expect(await screen.findByRole('dialog', { name: 'Simulate a call' })).toBeTruthy();
    expect(screen.queryByText(message)).toBeNull();
  });
});
