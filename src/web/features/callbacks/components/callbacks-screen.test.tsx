import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import type { CallDetail } from '#shared/schemas/calls';
import type { Callback } from '#shared/schemas/callbacks';
import { toast } from '../../../components/ui/use-toast';
import { heldReply, mockApi } from '../../../test/mock-api';
import { renderWithApp, TEST_ADMIN, TEST_FRONT_DESK } from '../../../test/render';
import { messagesPathFor } from '../../messages';
import { CallbacksScreen } from './callbacks-screen';
import { OpenCallbacksCard } from './open-callbacks-card';

const TASK: Callback = {
  id: 'cb-1',
  callId: 'call-1',
  conversationId: null,
  callerName: 'Ivy Stone',
  callerNumber: '+12125550111',
  appointmentType: 'filling',
  // Always ahead of the day the test runs: the picker does not offer a past day.
  preferredDate: format(addDays(new Date(), 3), 'yyyy-MM-dd'),
  preferredTime: '14:00',
  dueAt: '2026-11-23T14:00:00.000Z',
  status: 'open',
  takenBy: null,
  note: null,
  createdAt: '2026-11-23T13:10:00.000Z',
  closedAt: null,
};

const DAY = TASK.preferredDate!;
const ASSIGNEES = {
  assignees: [
    { id: TEST_ADMIN.id, name: TEST_ADMIN.name },
    { id: TEST_FRONT_DESK.id, name: TEST_FRONT_DESK.name },
    { id: 'u-theo', name: 'Theo Third' },
  ],
};
const inbox = { 'GET /api/callbacks/assignees': { body: ASSIGNEES } };

describe('CallbacksScreen', () => {
  it('lists open tasks with what the caller wanted, and closes one with a note', async () => {
    const api = mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [TASK], timeZone: 'America/Los_Angeles' } },
      'PATCH /api/callbacks/cb-1': { body: { callback: { ...TASK, status: 'done', note: 'Booked Friday' } } },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    const row = await screen.findByTestId('callback-row');
    // Due in the practice's zone, whatever the browser's: 14:00 UTC is 6:00 AM in Los Angeles in November.
    expect(within(row).getByText('Nov 23, 6:00 AM PST')).toBeTruthy();
    expect(within(row).getByText('Ivy Stone')).toBeTruthy();
    expect(within(row).getByText(`Filling · ${DAY} · 14:00`)).toBeTruthy();
    expect(api.calls[0]!.search.get('status')).toBe('open');
    const close = within(row).getByRole('button', { name: 'Close' }) as HTMLButtonElement;
    expect(close.disabled).toBe(true);
    fireEvent.change(within(row).getByLabelText('Note for Ivy Stone'), {
      target: { value: 'Booked Friday' },
    });
    await userEvent.setup().click(close);
    expect(await screen.findByText('Callback closed')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      status: 'done',
      note: 'Booked Friday',
    });
  });

  it('tells the task was closed even when the list read again drops it before the answer arrives', async () => {
    let open = [TASK];
    const closing = heldReply();
    mockApi({
      ...inbox,
      'GET /api/callbacks': () => ({ body: { callbacks: open } }),
      'PATCH /api/callbacks/cb-1': () => {
        // The server has closed it; its answer is still on the way.
        open = [];
        return closing.route();
      },
    });
    // One toast is shown at a time: an earlier test's "Callback closed" gives way to this one first.
    toast({ title: 'Nothing yet' });
    const { queryClient } = renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    const user = userEvent.setup();
    const row = within(await screen.findByTestId('callback-row'));
    await user.type(row.getByLabelText('Note for Ivy Stone'), 'Called');
    await user.click(row.getByRole('button', { name: 'Close' }));
    // Meanwhile the list is read again (another change, the window focused): the task has left it.
    await queryClient.invalidateQueries();
    expect(await screen.findByText('No callers are waiting for a call back.')).toBeTruthy();
    expect(screen.queryByText('Callback closed')).toBeNull();
    closing.answer({ body: { callback: { ...TASK, status: 'done', note: 'Called' } } });
    expect(await screen.findByText('Callback closed')).toBeTruthy();
  });

  it("links each task to the patient's texts for a Messages user, and a task from a text to its conversation", async () => {
    mockApi({
      ...inbox,
      'GET /api/callbacks': {
        body: {
          callbacks: [
            TASK,
            {
              ...TASK,
              id: 'cb-2',
              callId: null,
              conversationId: 'conv-9',
              callerName: 'Omar Haddad',
              callerNumber: '+12125550187',
            },
          ],
        },
      },
    });
    renderWithApp(<CallbacksScreen messagesLink={messagesPathFor} />, { route: '/callbacks' });
    const rows = await screen.findAllByTestId('callback-row');
    expect(within(rows[0]!).getByRole('link', { name: 'Messages with Ivy Stone' }).getAttribute('href')).toBe(
      '/messages?q=12125550111',
    );
    expect(
      within(rows[1]!).getByRole('link', { name: 'Messages with Omar Haddad' }).getAttribute('href'),
    ).toBe('/messages?q=12125550187&c=conv-9');
    // A task from a text has no call to view.
    expect(within(rows[1]!).queryByRole('button', { name: /View the call/ })).toBeNull();
  });

  it('offers no Messages link to a user who may not use Messages', async () => {
    mockApi({ ...inbox, 'GET /api/callbacks': { body: { callbacks: [TASK] } } });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    const row = await screen.findByTestId('callback-row');
    expect(within(row).queryByRole('link', { name: /Messages/ })).toBeNull();
  });

  it('lets staff take a task', async () => {
    const api = mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'PATCH /api/callbacks/cb-1': { body: { callback: TASK } },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Take' }));
    expect(api.calls.find((c) => c.method === 'PATCH')!.body).toEqual({ take: true });
  });

  it('books with the Book Appointment picker: the doctor and a free time of the day asked for', async () => {
    const slot = (time: string, provider_id: string, provider_name: string) => ({
      time,
      start_time: `${DAY}T${time}:00`,
      provider_id,
      provider_name,
    });
    const api = mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'GET /api/providers': {
        body: {
          providers: [
            { remote_id: 'p1', display_name: 'Dr. Patel' },
            { remote_id: 'p2', display_name: 'Dr. Chen' },
          ],
        },
      },
      [`GET /api/slots/${DAY}/first_available`]: {
        body: { slots: [slot('09:00', 'p1', 'Dr. Patel'), slot('14:30', 'p2', 'Dr. Chen')] },
      },
      [`GET /api/slots/${DAY}/p2`]: { body: { slots: [slot('14:30', 'p2', 'Dr. Chen')] } },
      'POST /api/callbacks/cb-1/book': {
        body: {
          success: true,
          appointment: {
            confirmation_number: 'C555',
            date: DAY,
            time: '14:30',
            start_time: `${DAY}T14:30:00`,
            provider_id: 'p2',
            provider_name: 'Dr. Chen',
            appointment_type: 'filling',
            patient_id: 'x',
            patient_name: 'Ivy Stone',
          },
          error: null,
          message: 'Booked.',
        },
      },
    });
    renderWithApp(<CallbacksScreen mayBook />, { route: '/callbacks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const form = within(screen.getByTestId('callback-booking'));
    expect((form.getByLabelText('Patient name') as HTMLInputElement).value).toBe('Ivy Stone');
    expect((form.getByLabelText('Service') as HTMLSelectElement).value).toBe('filling');
    expect((form.getByLabelText('Date') as HTMLInputElement).value).toBe(DAY);
    expect(form.getByText(`The caller asked for ${DAY} at 14:00.`)).toBeTruthy();
    // The free times of that day, for the visit asked for; no blind time field.
    const times = within(await form.findByRole('group', { name: 'Available Times' }));
    expect(times.getAllByRole('button').map((b) => b.textContent)).toEqual(['9:00 AM', '2:30 PM']);
    expect(form.queryByLabelText('Time')).toBeNull();
    const book = form.getByRole('button', { name: 'Book Appointment' }) as HTMLButtonElement;
    expect(book.disabled).toBe(true);
    await user.selectOptions(await form.findByLabelText('Doctor'), 'p2');
    await user.click(
      await within(await form.findByRole('group', { name: 'Available Times' })).findByRole('button', {
        name: '2:30 PM',
      }),
    );
    await user.click(book);
    expect(await screen.findByText('Appointment Booked Successfully!')).toBeTruthy();
    expect(
      screen.getByText(`Ivy Stone, ${DAY} at 14:30 with Dr. Chen. Confirmation number C555.`),
    ).toBeTruthy();
    const slotsAsked = api.calls.find((c) => c.path === `/api/slots/${DAY}/p2`)!;
    expect(slotsAsked.search.get('appointment_type')).toBe('filling');
    expect(api.calls.find((c) => c.path === '/api/callbacks/cb-1/book')!.body).toEqual({
      appointment_type: 'filling',
      provider_id: 'p2',
      date: DAY,
      time: '14:30',
      patient_info: { name: 'Ivy Stone', phone_number: '+12125550111' },
    });
    // The server closed the task; the list is read again.
    await screen.findByText('Callbacks');
    expect(api.calls.filter((c) => c.path === '/api/callbacks').length).toBeGreaterThan(1);
    expect(api.calls.find((c) => c.method === 'PATCH')).toBeUndefined();
  });

  it('shows a refused booking, take or load with the server text, never a status code', async () => {
    const refusal = (status: number, message: string) => ({
      status,
      body: { message, code: 'conflict', requestId: 'r' },
    });
    mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'GET /api/providers': { body: { providers: [] } },
      [`GET /api/slots/${DAY}/first_available`]: {
        body: {
          slots: [
            { time: '09:00', start_time: `${DAY}T09:00:00`, provider_id: 'p1', provider_name: 'Dr. Patel' },
          ],
        },
      },
      'POST /api/callbacks/cb-1/book': refusal(409, 'The practice is closed on that day.'),
      'PATCH /api/callbacks/cb-1': refusal(503, 'Schedule offline'),
    });
    renderWithApp(<CallbacksScreen mayBook />, { route: '/callbacks' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const form = within(screen.getByTestId('callback-booking'));
    await user.click(await form.findByRole('button', { name: '9:00 AM' }));
    const book = form.getByRole('button', { name: 'Book Appointment' }) as HTMLButtonElement;
    expect(book.disabled).toBe(false);
    await user.click(book);
    expect(await screen.findByText('Booking Failed')).toBeTruthy();
    expect(screen.getByText('The practice is closed on that day.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Schedule offline')).toBeTruthy();
    expect(screen.queryByText(/\d{3}: /)).toBeNull();
  });

  it('says why the list could not be loaded without the status code', async () => {
    mockApi({
      'GET /api/callbacks': {
        status: 503,
        body: { message: 'Schedule offline', code: 'busy', requestId: 'r' },
      },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    expect(await screen.findByText('Could not load callbacks. Schedule offline')).toBeTruthy();
  });

  it('offers no booking to those who may not book', async () => {
    mockApi({ ...inbox, 'GET /api/callbacks': { body: { callbacks: [TASK] } } });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    await screen.findByTestId('callback-row');
    expect(screen.queryByRole('button', { name: 'Book' })).toBeNull();
  });

  it('says when nobody is waiting', async () => {
    mockApi({ 'GET /api/callbacks': { body: { callbacks: [] } } });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    expect(await screen.findByText('No callers are waiting for a call back.')).toBeTruthy();
  });

  it('opens the call behind a task in the Call Logs dialog: summary, transcript and recording', async () => {
    const call: CallDetail = {
      id: 'call-1',
      status: 'ended',
      type: 'inboundPhoneCall',
      startedAt: '2026-11-23T13:00:00.000Z',
      endedAt: '2026-11-23T13:01:30.000Z',
      duration: 90,
      endedReason: 'customer-ended-call',
      cost: 0,
      customer: { name: 'Ivy Stone', number: '+12125550111' },
      phoneNumber: { id: 'n1', number: '+12125550143' },
      assistant: { id: 'a1', name: 'Riley' },
      analysis: { summary: 'Ivy wants a filling on Friday afternoon.', successEvaluation: 'false' },
      createdAt: '2026-11-23T13:00:00.000Z',
      costBreakdown: null,
      transcript: 'User: Hi, this is Ivy Stone, I need a filling on Friday afternoon.',
      summary: 'Ivy wants a filling on Friday afternoon.',
      recordingUrl: 'https://storage.vapi.ai/ivy.wav',
      stereoRecordingUrl: null,
      artifact: { pcapUrl: null },
      messages: [],
      updatedAt: '2026-11-23T13:02:00.000Z',
    };
    mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'GET /api/calls/call-1': { body: { call } },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    await userEvent.click(await screen.findByRole('button', { name: 'View the call from Ivy Stone' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.click(await dialog.findByRole('tab', { name: 'Transcript' }));
    expect(dialog.getByText(/I need a filling on Friday afternoon/)).toBeTruthy();
    await userEvent.click(dialog.getByRole('tab', { name: 'Recording' }));
    expect(dialog.getByRole('link', { name: 'Download mono recording' }).getAttribute('href')).toBe(
      'https://storage.vapi.ai/ivy.wav',
    );
  });

  it('filters Open, Mine and Closed; closed tasks show their notes and offer no actions', async () => {
    const closed = {
      ...TASK,
      id: 'cb-9',
      status: 'done' as const,
      note: 'Left a voicemail, will try at 4.',
      closedAt: '2026-11-23T15:00:00.000Z',
    };
    const api = mockApi({
      ...inbox,
      'GET /api/callbacks': (call) => ({
        body: { callbacks: call.search.get('status') === 'done' ? [closed] : [TASK] },
      }),
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    const filters = within(await screen.findByRole('group', { name: 'Show callbacks' }));
    await screen.findByTestId('callback-row');
    await userEvent.click(filters.getByRole('button', { name: 'Mine' }));
    await screen.findByTestId('callback-row');
    await userEvent.click(filters.getByRole('button', { name: 'Closed' }));
    expect(await screen.findByText('Left a voicemail, will try at 4.')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Note' })).toBeTruthy();
    expect(within(screen.getByTestId('callback-row')).queryByRole('button')).toHaveProperty(
      'textContent',
      'View call',
    );
    expect(filters.getByRole('button', { name: 'Closed' }).getAttribute('aria-pressed')).toBe('true');
    const lists = api.calls.filter((c) => c.path === '/api/callbacks').map((c) => c.search.toString());
    expect(lists).toEqual(['status=open', 'status=open&takenBy=me', 'status=done']);
  });

  /** The inbox of the front desk holding the task, which may be released or handed on. */
  async function renderHeldByMe() {
    const held = { ...TASK, takenBy: { id: TEST_FRONT_DESK.id, name: TEST_FRONT_DESK.name } };
    const api = mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [held] } },
      'PATCH /api/callbacks/cb-1': { body: { callback: held } },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks', user: TEST_FRONT_DESK });
    return { api, row: within(await screen.findByTestId('callback-row')) };
  }

  it('lets the holder release a task or hand it to a colleague', async () => {
    const { api, row } = await renderHeldByMe();
    expect(row.queryByRole('button', { name: 'Take' })).toBeNull();
    // Only the colleagues who see this task (their numbers and assistants) are offered.
    await waitFor(() =>
      expect(api.calls.find((c) => c.path === '/api/callbacks/assignees')?.search.get('for')).toBe('cb-1'),
    );
    await userEvent.click(row.getByRole('button', { name: 'Release' }));
    expect(await screen.findByText('Callback released')).toBeTruthy();
    const handTo = row.getByLabelText('Hand the callback for Ivy Stone to') as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Theo Third' });
    // The holder is not offered to themselves.
    expect(within(handTo).queryByRole('option', { name: TEST_FRONT_DESK.name })).toBeNull();
    const hand = row.getByRole('button', { name: 'Hand to' }) as HTMLButtonElement;
    expect(hand.disabled).toBe(true);
    await userEvent.selectOptions(handTo, 'u-theo');
    await userEvent.click(hand);
    expect(await screen.findByText('Handed to Theo Third')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { take: false },
      { assignTo: 'u-theo' },
    ]);
  });

  it('keeps the focus on the button when Take becomes Release', async () => {
    const held = { ...TASK, takenBy: { id: TEST_FRONT_DESK.id, name: TEST_FRONT_DESK.name } };
    let task = TASK;
    mockApi({
      ...inbox,
      'GET /api/callbacks': () => ({ body: { callbacks: [task] } }),
      'PATCH /api/callbacks/cb-1': () => {
        task = held;
        return { body: { callback: held } };
      },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks', user: TEST_FRONT_DESK });
    const row = within(await screen.findByTestId('callback-row'));
    const take = row.getByRole('button', { name: 'Take' });
    await userEvent.click(take);
    const release = await row.findByRole('button', { name: 'Release' });
    expect(release).toBe(take);
    expect(document.activeElement).toBe(release);
  });

  it('keeps the keyboard on the list when a closed task leaves it: the next task, then the empty message', async () => {
    const second = {
      ...TASK,
      id: 'cb-2',
      callId: null,
      callerName: 'Omar Haddad',
      callerNumber: '+12125550187',
    };
    let open = [TASK, second];
    mockApi({
      ...inbox,
      'GET /api/callbacks': () => ({ body: { callbacks: open } }),
      'PATCH /api/callbacks/cb-1': () => {
        open = [second];
        return { body: { callback: { ...TASK, status: 'done', note: 'Called' } } };
      },
      'PATCH /api/callbacks/cb-2': () => {
        open = [];
        return { body: { callback: { ...second, status: 'done', note: 'Called' } } };
      },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Note for Ivy Stone'), 'Called');
    await user.tab();
    const [ivy] = screen.getAllByTestId('callback-row');
    expect(document.activeElement).toBe(within(ivy!).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByText('Ivy Stone')).toBeNull());
    // The first control of the task now in its place, not the page.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('+12125550187'));

    await user.type(screen.getByLabelText('Note for Omar Haddad'), 'Called');
    await user.click(within(screen.getByTestId('callback-row')).getByRole('button', { name: 'Close' }));
    const empty = await screen.findByText('No callers are waiting for a call back.');
    await waitFor(() => expect(document.activeElement).toBe(empty));
  });

  it('hands a task on only from the Hand to button: arrowing through the colleagues only chooses', async () => {
    const { api, row } = await renderHeldByMe();
    const handTo = row.getByLabelText('Hand the callback for Ivy Stone to') as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Theo Third' });
    handTo.focus();
    // ArrowDown on a closed select changes it at once, one option at a time (Chromium; jsdom has no keys for it).
    fireEvent.change(handTo, { target: { value: TEST_ADMIN.id } });
    // Nothing is handed on: give a request the time to be sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    expect(screen.queryByText(`Handed to ${TEST_ADMIN.name}`)).toBeNull();
    expect(handTo.value).toBe(TEST_ADMIN.id);
    fireEvent.change(handTo, { target: { value: 'u-theo' } });
    expect(handTo.value).toBe('u-theo');

    const hand = row.getByRole('button', { name: 'Hand to' }) as HTMLButtonElement;
    expect(hand.disabled).toBe(false);
    await userEvent.click(hand);
    expect(await screen.findByText('Handed to Theo Third')).toBeTruthy();
    expect(api.calls.filter((c) => c.method === 'PATCH').map((c) => c.body)).toEqual([
      { assignTo: 'u-theo' },
    ]);
    // Handed on, nothing is chosen any more.
    expect(handTo.value).toBe('');
    expect(hand.disabled).toBe(true);
  });

  it('offers neither Release nor Hand to on a task someone else holds (for a non-admin)', async () => {
    const held = { ...TASK, takenBy: { id: 'u-theo', name: 'Theo Third' } };
    mockApi({ ...inbox, 'GET /api/callbacks': { body: { callbacks: [held] } } });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks', user: TEST_FRONT_DESK });
    const row = within(await screen.findByTestId('callback-row'));
    expect(row.getByText('Theo Third')).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Take' })).toBeNull();
    expect(row.queryByRole('button', { name: 'Release' })).toBeNull();
    expect(row.queryByLabelText('Hand the callback for Ivy Stone to')).toBeNull();
  });

  it('shows the holder named by the server when someone took the task first', async () => {
    mockApi({
      ...inbox,
      'GET /api/callbacks': { body: { callbacks: [TASK] } },
      'PATCH /api/callbacks/cb-1': {
        status: 409,
        body: { message: 'Theo Third has already taken this callback.', code: 'conflict', requestId: 'r' },
      },
    });
    renderWithApp(<CallbacksScreen />, { route: '/callbacks' });
    await userEvent.click(await screen.findByRole('button', { name: 'Take' }));
    expect(await screen.findByText('Theo Third has already taken this callback.')).toBeTruthy();
  });

  it('keeps the actions on lines that do not wrap, and a short note placeholder', async () => {
    mockApi({ ...inbox, 'GET /api/callbacks': { body: { callbacks: [TASK] } } });
    renderWithApp(<CallbacksScreen mayBook />, { route: '/callbacks' });
    const actions = await screen.findByTestId('callback-actions');
    const lines = Array.from(actions.children);
    expect(lines.length).toBe(2);
    for (const line of lines) expect(line.className).toContain('flex-nowrap');
    const note = within(actions).getByLabelText('Note for Ivy Stone') as HTMLInputElement;
    // w-64 (256 px) holds about 30 characters of text-sm with its padding.
    expect(note.placeholder.length).toBeLessThanOrEqual(20);
  });

  it('counts open tasks for the Overview', async () => {
    mockApi({ 'GET /api/callbacks': { body: { callbacks: [TASK, { ...TASK, id: 'cb-2' }] } } });
    renderWithApp(<OpenCallbacksCard />, { route: '/' });
    expect((await screen.findByTestId('count-Open callbacks')).textContent).toBe('2');
  });
});
