import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assistant } from '#shared/schemas/assistants';
import {
  CHANNEL_LABELS,
  DEFAULT_OUTBOUND_SETTINGS,
  OUTBOUND_MESSAGES as M,
  type OutboundCall,
  type OutboundSettings,
} from '#shared/schemas/outbound-calls';
import {
  CALL_TRANSFER_MESSAGES as TRANSFER,
  DEFAULT_CALL_TRANSFER_SETTINGS,
} from '#shared/schemas/call-transfer';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import type { PatientWithAppointment } from '#shared/schemas/schedule';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { OutboundCallsScreen, type OutboundCallsScreenProps } from './outbound-calls-screen';

// Radix checkboxes measure themselves; jsdom has no ResizeObserver.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});

const patient = (over: Partial<PatientWithAppointment> = {}): PatientWithAppointment => ({
  id: 'p1',
  name: 'Zoë Ångström',
  phone_number: '+15555550123',
  email: 'zoe@example.com',
  next_appointment: {
    id: `apt-${over.id ?? 'p1'}`,
    date: '2026-11-24',
    time: '09:30',
    provider: 'Dr. Lee',
    type: 'Cleaning',
  },
  ...over,
});
const PATIENTS = [
  patient(),
  patient({ id: 'p2', name: 'Omar Haddad', phone_number: '+12125550187', email: 'omar@example.org' }),
  patient({ id: 'p3', name: 'No Phone Person', phone_number: null, email: null }),
];

const call = (over: Partial<OutboundCall> = {}): OutboundCall => ({
  id: 'oc1',
  patient_name: 'Zoë Ångström',
  phone_number: '+15555550123',
  call_type: 'reminder',
  status: 'completed',
  created_at: '2026-11-23T14:05:00.000Z',
  vapi_call_id: '0199a1b2-3c4d-7e5f-8a9b-0c1d2e3f4a5b',
  not_before: null,
  attempts: 1,
  last_error: null,
  ...over,
});

const ASSISTANTS = [{ id: 'a1', name: 'Riley' }] as Assistant[];
const NUMBERS = [
  { id: 'n1', name: 'Front desk', number: '+12125550143', assistantId: null, cost: 2, createdAt: '' },
] as PhoneNumber[];

const SETTINGS: OutboundSettings = {
  ...DEFAULT_OUTBOUND_SETTINGS,
  callTypes: {
    ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
    confirmation: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.confirmation, automatic: false },
  },
};

const ADMIN_PROPS: OutboundCallsScreenProps = {
  isAdmin: true,
  canListAssistants: true,
  canListPhoneNumbers: true,
};

/** A screen whose lists answered; `routes` adds or replaces endpoints. */
function renderScreen(routes: Parameters<typeof mockApi>[0] = {}, props = ADMIN_PROPS) {
  const api = mockApi({
    'GET /api/patients-with-appointments': { body: { patients: PATIENTS } },
    'GET /api/outbound-calls': { body: { calls: [] } },
    'GET /api/assistants': { body: { assistants: ASSISTANTS } },
    'GET /api/phone-numbers': { body: { phoneNumbers: NUMBERS } },
    'GET /api/outbound-settings': { body: SETTINGS },
    'GET /api/call-transfer-settings': { body: DEFAULT_CALL_TRANSFER_SETTINGS },
    'GET /api/recall': { body: { patients: [] } },
    ...routes,
  });
  const result = renderWithApp(<OutboundCallsScreen {...props} />, {
    user: props.isAdmin ? undefined : TEST_FRONT_DESK,
  });
  return { api, ...result };
}

const posts = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'POST');
const patientBox = (name: string) => screen.getByRole('checkbox', { name });
const card = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.rounded-lg') as HTMLElement;

describe('OutboundCallsScreen', () => {
  it('shows spinners while patients, the recall list and calls load', () => {
    renderScreen({
      'GET /api/patients-with-appointments': pending,
      'GET /api/outbound-calls': pending,
      'GET /api/recall': pending,
    });
    expect(screen.getByRole('heading', { name: 'Outbound Calls', level: 1 })).toBeTruthy();
    expect(screen.getAllByRole('status').length).toBe(3);
  });

  it('says when there are no patients and no calls yet', async () => {
    renderScreen({ 'GET /api/patients-with-appointments': { body: { patients: [] } } });
    expect(await screen.findByText(M.noPatients)).toBeTruthy();
    expect(await screen.findByText(M.noCalls)).toBeTruthy();
  });

  it('says Error Loading Patients with the server message, or the fallback for a server fault', async () => {
    renderScreen({
      'GET /api/patients-with-appointments': { status: 403, body: { message: 'Not allowed here' } },
    });
    expect(await screen.findByText(M.patientsError)).toBeTruthy();
    expect(screen.getByText('Not allowed here')).toBeTruthy();
  });

  it('falls back to "Failed to load patient data" when the server fails', async () => {
    renderScreen({ 'GET /api/patients-with-appointments': { status: 500, body: { message: 'boom' } } });
    expect(await screen.findByText(M.patientsError)).toBeTruthy();
    expect(screen.getByText(M.patientsErrorFallback)).toBeTruthy();
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('searches patients by name, phone or email, and says when nothing matches', async () => {
    renderScreen();
    await screen.findByText('Omar Haddad');
    const search = screen.getByLabelText('Search patients');
    fireEvent.change(search, { target: { value: 'omar@' } });
    expect(screen.queryByText('Zoë Ångström')).toBeNull();
    expect(screen.getByText('Omar Haddad')).toBeTruthy();
    fireEvent.change(search, { target: { value: '(555) 555-0123' } });
    expect(screen.getByText('Zoë Ångström')).toBeTruthy();
    expect(screen.queryByText('Omar Haddad')).toBeNull();
    fireEvent.change(search, { target: { value: 'ångström' } });
    expect(screen.getByText('Zoë Ångström')).toBeTruthy();
    fireEvent.change(search, { target: { value: 'nobody at all' } });
    expect(screen.getByText(M.noPatientsMatch)).toBeTruthy();
  });

  it('selects every callable patient shown with Select All and none with Clear Selection', async () => {
    renderScreen();
    await screen.findByText('Omar Haddad');
    expect((patientBox('No Phone Person') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Select All' }));
    expect(patientBox('Zoë Ångström').getAttribute('aria-checked')).toBe('true');
    expect(patientBox('Omar Haddad').getAttribute('aria-checked')).toBe('true');
    expect(patientBox('No Phone Person').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('2 selected of 3')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Clear Selection' }));
    expect(patientBox('Zoë Ångström').getAttribute('aria-checked')).toBe('false');
    expect(screen.getByText('0 selected of 3')).toBeTruthy();
  });

  it('shows the call history with short ids, status badges and icons; unknown statuses as pending', async () => {
    renderScreen({
      'GET /api/outbound-calls': {
        body: {
          timeZone: 'America/Los_Angeles',
          calls: [
            call(),
            call({ id: 'oc2', patient_name: 'Omar Haddad', status: 'failed', last_error: 'No answer' }),
            call({ id: 'oc3', patient_name: 'Calling Carl', status: 'calling', vapi_call_id: null }),
            call({ id: 'oc4', patient_name: 'Odd Status', status: 'queued' as OutboundCall['status'] }),
            call({
              id: 'oc5',
              patient_name: 'Night Owl',
              status: 'pending',
              call_type: 'confirmation',
              not_before: '2999-01-01T09:00:00.000Z',
            }),
          ],
        },
      },
    });
    const list = await screen.findByRole('list', { name: 'Recent calls' });
    expect(list.className).toContain('h-[650px]');
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    const [done, failed, calling, odd, waiting] = rows as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(within(done).getByText('0199a1b2')).toBeTruthy();
    expect(within(done).queryByText(/0199a1b2-3c4d/)).toBeNull();
    expect(within(done).getByText('Completed').className).toContain('border-slate-300');
    expect(done.querySelector('[data-icon="completed"]')?.getAttribute('class')).toContain('text-green-600');
    expect(within(done).getByText('(555) 555-0123')).toBeTruthy();
    expect(within(done).getByText('Reminder')).toBeTruthy();
    expect(within(failed).getByText('Failed').className).toContain('bg-red-600');
    expect(within(failed).getByText('No answer')).toBeTruthy();
    expect(failed.querySelector('[data-icon="failed"]')?.getAttribute('class')).toContain('text-red-600');
    expect(within(calling).getByText('Calling').className).toContain('bg-blue-600');
    expect(calling.querySelector('[data-icon="calling"]')?.getAttribute('class')).toContain('animate-spin');
    expect(within(calling).getByText('–')).toBeTruthy();
    expect(within(odd).getByText('Pending').className).toContain('bg-slate-100');
    expect(odd.querySelector('[data-icon="pending"]')).toBeTruthy();
    expect(within(waiting).getByText('Confirmation')).toBeTruthy();
    expect(within(waiting).getByText('Waiting until Jan 1, 1:00 AM PST')).toBeTruthy();
    // In the practice's zone, whatever the browser's: 14:05 UTC is 6:05 AM in Los Angeles in November.
    expect(within(done).getByText('Nov 23, 6:05 AM PST')).toBeTruthy();
  });

  it('says why the history could not be loaded and asks again on Try again', async () => {
    let answer: { status: number; body: unknown } = { status: 503, body: { message: 'down' } };
    renderScreen({ 'GET /api/outbound-calls': () => answer });
    expect(await screen.findByText(/Could not load the call history\./)).toBeTruthy();
    answer = { status: 200, body: { calls: [call()] } };
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('0199a1b2')).toBeTruthy();
  });

  it('Start Calls without a patient says No Patients Selected and sends nothing', async () => {
    const { api } = renderScreen();
    await screen.findByText('Omar Haddad');
    fireEvent.click(screen.getByRole('button', { name: 'Start Calls' }));
    expect(await screen.findByText(M.noPatientsTitle)).toBeTruthy();
    expect(screen.getByText(M.noPatientsText)).toBeTruthy();
    expect(posts(api)).toHaveLength(0);
  });

  it('starts calls for the chosen patients with the call type and message, then resets the form', async () => {
    const { api } = renderScreen({
      'POST /api/outbound-calls/start': { status: 202, body: { success: true, calls: [call()] } },
    });
    await screen.findByText('Omar Haddad');
    fireEvent.click(patientBox('Zoë Ångström'));
    fireEvent.click(patientBox('Omar Haddad'));
    fireEvent.change(screen.getByLabelText('Call type'), { target: { value: 'confirmation' } });
    fireEvent.change(screen.getByLabelText('Custom message (optional)'), {
      target: { value: '  Bring your insurance card.  ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Start Calls (2)' }));
    expect(await screen.findByText(M.callsStartedTitle)).toBeTruthy();
    expect(screen.getByText(M.callsStartedText)).toBeTruthy();
    expect(posts(api)[0]!.body).toEqual({
      patient_ids: ['p1', 'p2'],
      call_type: 'confirmation',
      message: 'Bring your insurance card.',
      // The appointment each patient's call is about, as the list shows it (a confirmation confirms it).
      appointment_ids: { p1: 'apt-p1', p2: 'apt-p2' },
    });
    const init = api.fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')![1]!;
    expect((init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(patientBox('Zoë Ångström').getAttribute('aria-checked')).toBe('false'));
    expect((screen.getByLabelText('Custom message (optional)') as HTMLTextAreaElement).value).toBe('');
    // The history asks again for the new calls.
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/outbound-calls').length).toBeGreaterThan(1),
    );
  });

  it('shows Call Failed with the server message and keeps the selection', async () => {
    renderScreen({
      'POST /api/outbound-calls/start': { status: 400, body: { message: 'Unknown patient', code: 'x' } },
    });
    await screen.findByText('Omar Haddad');
    fireEvent.click(patientBox('Omar Haddad'));
    fireEvent.click(screen.getByRole('button', { name: 'Start Calls (1)' }));
    expect(await screen.findByText(M.callFailed)).toBeTruthy();
    expect(screen.getByText('Unknown patient')).toBeTruthy();
    expect(patientBox('Omar Haddad').getAttribute('aria-checked')).toBe('true');
  });

  it('a card says what is missing before Call Now calls, in the order patients, assistant, number', async () => {
    const { api } = renderScreen({
      'GET /api/outbound-settings': { body: DEFAULT_OUTBOUND_SETTINGS },
      'POST /api/outbound-calls/start': { status: 202, body: { success: true, calls: [] } },
    });
    await screen.findByText('Omar Haddad');
    const followup = card('Follow-up');
    const callNow = within(followup).getByRole('button', { name: /Call Now/ });
    expect(callNow.getAttribute('aria-disabled')).toBe('true');

    fireEvent.click(callNow);
    expect(await screen.findByText(M.cardNoPatientsTitle)).toBeTruthy();
    expect(screen.getByText(M.cardNoPatientsText)).toBeTruthy();

    fireEvent.click(patientBox('Omar Haddad'));
    fireEvent.click(callNow);
    expect(await screen.findByText(M.noAssistantTitle)).toBeTruthy();
    expect(screen.getByText(M.noAssistantText)).toBeTruthy();

    fireEvent.change(within(followup).getByLabelText('Assistant'), { target: { value: 'a1' } });
    fireEvent.click(callNow);
    expect(await screen.findByText(M.noNumberTitle)).toBeTruthy();
    expect(screen.getByText(M.noNumberText)).toBeTruthy();
    expect(posts(api)).toHaveLength(0);

    fireEvent.change(within(followup).getByLabelText('Phone number'), { target: { value: 'n1' } });
    expect(callNow.getAttribute('aria-disabled')).toBe('false');
    fireEvent.click(callNow);
    expect(await screen.findByText(M.callsStartedTitle)).toBeTruthy();
    expect(posts(api)[0]!.body).toEqual({
      patient_ids: ['p2'],
      call_type: 'followup',
      assistant_id: 'a1',
      phone_number_id: 'n1',
      appointment_ids: { p2: 'apt-p2' },
    });
  });

  it('a double click on Call Now sends one request; pressed again after a failure it keeps its key', async () => {
    const reason =
      'Omar Haddad already has a followup call pending or in progress, so no new call was queued.';
    type Reply = { status: number; body: unknown };
    let release: (reply: Reply) => void = () => undefined;
    const { api } = renderScreen({
      'GET /api/outbound-settings': { body: DEFAULT_OUTBOUND_SETTINGS },
      'POST /api/outbound-calls/start': (): Reply | Promise<Reply> =>
        posts(api).length === 1
          ? new Promise<Reply>((resolve) => (release = resolve))
          : {
              status: 202,
              body: {
                success: true,
                calls: [call({ patient_name: 'Zoë Ångström' })],
                skipped: [{ patient_id: 'p2', patient_name: 'Omar Haddad', reason }],
              },
            },
    });
    await screen.findByText('Omar Haddad');
    fireEvent.click(patientBox('Zoë Ångström'));
    fireEvent.click(patientBox('Omar Haddad'));
    const followup = card('Follow-up');
    fireEvent.change(within(followup).getByLabelText('Assistant'), { target: { value: 'a1' } });
    fireEvent.change(within(followup).getByLabelText('Phone number'), { target: { value: 'n1' } });
    const callNow = within(followup).getByRole('button', { name: /Call Now/ });
    fireEvent.click(callNow);
    fireEvent.click(callNow);
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    release({ status: 503, body: { message: 'The service is busy.', code: 'unavailable' } });
    expect(await screen.findByText(M.callFailed)).toBeTruthy();

    fireEvent.click(callNow);
    expect(await screen.findByText(M.callsStartedTitle)).toBeTruthy();
    // The answer says who was not called again.
    expect(screen.getByText(`${M.callsStartedText}. ${reason}`)).toBeTruthy();
    const keys = api.fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
  });

  it('badges each card from the real settings and preselects the practice choice', async () => {
    renderScreen({
      'GET /api/outbound-settings': {
        body: {
          ...SETTINGS,
          callTypes: {
            ...SETTINGS.callTypes,
            reminder: { ...SETTINGS.callTypes.reminder, assistantId: 'a1', phoneNumberId: 'n1' },
          },
        },
      },
    });
    expect(await within(card('Reminder')).findByText('Scheduled')).toBeTruthy();
    expect(within(card('Confirmation')).getByText('Not Scheduled')).toBeTruthy();
    expect(within(card('Follow-up')).getByText('Not Scheduled')).toBeTruthy();
    await waitFor(() =>
      expect((within(card('Reminder')).getByLabelText('Assistant') as HTMLSelectElement).value).toBe('a1'),
    );
    expect((within(card('Confirmation')).getByLabelText('Assistant') as HTMLSelectElement).value).toBe('');
  });

  it('a campaign without its assistant or number says Not set up and what is missing, and opens Settings', async () => {
    renderScreen({
      'GET /api/outbound-settings': {
        body: {
          ...DEFAULT_OUTBOUND_SETTINGS,
          callTypes: {
            ...DEFAULT_OUTBOUND_SETTINGS.callTypes,
            confirmation: { ...DEFAULT_OUTBOUND_SETTINGS.callTypes.confirmation, assistantId: 'a1' },
          },
        },
      },
    });
    const reminder = card('Reminder');
    expect(await within(reminder).findByText('Not set up')).toBeTruthy();
    expect(within(reminder).queryByText('Scheduled')).toBeNull();
    expect(
      within(reminder).getByText(
        /No reminder calls are made until an assistant and a phone number are chosen\./,
      ),
    ).toBeTruthy();
    const confirmation = card('Confirmation');
    expect(within(confirmation).getByText('Not set up')).toBeTruthy();
    expect(
      within(confirmation).getByText(/No confirmation calls are made until a phone number is chosen\./),
    ).toBeTruthy();
    // Follow-ups never run by themselves: nothing to set up.
    expect(within(card('Follow-up')).getByText('Not Scheduled')).toBeTruthy();

    fireEvent.click(within(reminder).getByRole('button', { name: 'Set up in Settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Outbound Call Settings' });
    const reminderSet = within(dialog).getByRole('group', { name: 'Reminder calls' });
    expect(
      within(reminderSet).getByText(
        'Not set up: No reminder calls are made until an assistant and a phone number are chosen.',
      ),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Reminder assistant'), { target: { value: 'a1' } });
    fireEvent.change(within(dialog).getByLabelText('Reminder phone number'), { target: { value: 'n1' } });
    expect(within(reminderSet).queryByText(/Not set up/)).toBeNull();
    // Not automatic: nothing is missing.
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Call confirmations automatically' }));
    expect(
      within(within(dialog).getByRole('group', { name: 'Confirmation calls' })).queryByText(/Not set up/),
    ).toBeNull();
  });

  it('each card shows its channel; a text-then-call card says after how many hours it calls', async () => {
    renderScreen({
      'GET /api/outbound-settings': {
        body: {
          ...SETTINGS,
          callTypes: {
            ...SETTINGS.callTypes,
            reminder: { ...SETTINGS.callTypes.reminder, channel: 'sms_then_call', escalateAfterHours: 6 },
            confirmation: { ...SETTINGS.callTypes.confirmation, channel: 'sms' },
          },
        },
      },
    });
    await waitFor(() => expect(within(card('Reminder')).getByText(/^Channel:/)).toBeTruthy());
    expect(within(card('Reminder')).getByText(/^Channel:/).textContent).toBe(
      `Channel: ${CHANNEL_LABELS.sms_then_call} (call after 6 hours without a reply)`,
    );
    expect(within(card('Confirmation')).getByText(/^Channel:/).textContent).toBe(
      `Channel: ${CHANNEL_LABELS.sms}`,
    );
    expect(within(card('Follow-up')).getByText(/^Channel:/).textContent).toBe(
      `Channel: ${CHANNEL_LABELS.call}`,
    );
  });

  it('says how many texts were queued when a start texts patients', async () => {
    renderScreen({
      'POST /api/outbound-calls/start': {
        status: 202,
        body: { success: true, calls: [], skipped: [], texts: 2 },
      },
    });
    await screen.findByText('Omar Haddad');
    fireEvent.click(patientBox('Zoë Ångström'));
    fireEvent.click(patientBox('Omar Haddad'));
    fireEvent.click(screen.getByRole('button', { name: 'Start Calls (2)' }));
    expect(await screen.findByText(`${M.callsStartedText}. 2 texts queued`)).toBeTruthy();
  });

  it('shows the patients before the call type cards and their buttons', async () => {
    renderScreen();
    const patients = await screen.findByRole('list', { name: 'Patients' });
    for (const button of screen.getAllByRole('button', { name: /Call Now/ })) {
      expect(patients.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    }
    expect(
      patients.compareDocumentPosition(screen.getByRole('button', { name: 'Start Calls' })) &
        Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('a sub user without assigned numbers or assistants gets one explanation, not empty selects', async () => {
    const { api } = renderScreen(
      {},
      {
        isAdmin: false,
        canListAssistants: false,
        canListPhoneNumbers: false,
        unassigned: ['phone numbers', 'assistants'],
      },
    );
    expect(screen.getByRole('heading', { name: 'You cannot place outbound calls yet' })).toBeTruthy();
    expect(
      screen.getByText(/your account has no phone number and no assistant assigned\. Ask an administrator/),
    ).toBeTruthy();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: /Call Now|Start Calls/ })).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls).toHaveLength(0);
  });

  it('a sub user with numbers but no assistant is told so and still sees the calls from those numbers', async () => {
    renderScreen(
      { 'GET /api/outbound-calls': { body: { calls: [call()] } } },
      { isAdmin: false, canListAssistants: false, canListPhoneNumbers: true, unassigned: ['assistants'] },
    );
    expect(screen.getByText(/your account has no assistant assigned\./)).toBeTruthy();
    expect(await screen.findByText('0199a1b2')).toBeTruthy();
    expect(screen.queryAllByRole('combobox')).toHaveLength(0);
  });

  it('a user who may not manage settings neither asks for them nor sees a badge or the Settings button', async () => {
    const { api } = renderScreen(
      { 'GET /api/outbound-settings': { status: 403, body: { message: 'no' } } },
      { isAdmin: false, canListAssistants: false, canListPhoneNumbers: true },
    );
    await screen.findByText('Omar Haddad');
    expect(api.calls.some((c) => c.path === '/api/outbound-settings')).toBe(false);
    expect(api.calls.some((c) => c.path === '/api/assistants')).toBe(false);
    expect(screen.queryByText('Scheduled')).toBeNull();
    expect(screen.queryByText('Not Scheduled')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Transfer to a Person' })).toBeNull();
    expect(api.calls.some((c) => c.path === '/api/call-transfer-settings')).toBe(false);
    // Without the Assistants permission the cards say there is nothing to choose from.
    expect(within(card('Reminder')).getByText('No assistants available.')).toBeTruthy();
    await waitFor(() =>
      expect(within(card('Reminder')).queryByText('No phone numbers available.')).toBeNull(),
    );
  });
});

describe('Outbound settings dialog', () => {
  async function openSettings(routes: Parameters<typeof mockApi>[0] = {}) {
    const result = renderScreen(routes);
    const button = await screen.findByRole('button', { name: 'Settings' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    return { ...result, dialog: await screen.findByRole('dialog', { name: 'Outbound Call Settings' }) };
  }

  it('refuses a window that ends before it starts, a bad maximum and bad days, and sends nothing', async () => {
    const { api, dialog } = await openSettings();
    fireEvent.change(within(dialog).getByLabelText('Calls end at'), { target: { value: '08:00' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum concurrent calls'), { target: { value: '0' } });
    fireEvent.change(within(dialog).getByLabelText('Reminder: days before the appointment'), {
      target: { value: '31' },
    });
    fireEvent.change(within(dialog).getByLabelText('Hours before a visit when changes go to staff'), {
      target: { value: '169' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(within(dialog).getByText(M.invalidLateChangeHours)).toBeTruthy();
    expect(within(dialog).getByText(M.invalidWindow)).toBeTruthy();
    expect(within(dialog).getByText(M.invalidMaxConcurrent)).toBeTruthy();
    expect(within(dialog).getByText(M.invalidDaysBefore)).toBeTruthy();
    expect(within(dialog).getByLabelText('Calls end at').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the calling window, maximum and per-type choices, then the badges follow', async () => {
    const saved: OutboundSettings = {
      callingWindow: { start: '08:30', end: '18:00' },
      maxConcurrentCalls: 4,
      callTypes: {
        reminder: {
          ...SETTINGS.callTypes.reminder,
          assistantId: 'a1',
          phoneNumberId: 'n1',
          automatic: false,
          daysBefore: 3,
        },
        confirmation: SETTINGS.callTypes.confirmation,
        followup: SETTINGS.callTypes.followup,
      },
      lateChangeHours: 48,
      recall: SETTINGS.recall,
    };
    const { api, dialog } = await openSettings({
      'PUT /api/outbound-settings': ({ body }) => ({ body }),
    });
    fireEvent.change(within(dialog).getByLabelText('Calls start at'), { target: { value: '08:30' } });
    fireEvent.change(within(dialog).getByLabelText('Calls end at'), { target: { value: '18:00' } });
    fireEvent.change(within(dialog).getByLabelText('Maximum concurrent calls'), { target: { value: '4' } });
    fireEvent.change(within(dialog).getByLabelText('Hours before a visit when changes go to staff'), {
      target: { value: '48' },
    });
    fireEvent.change(within(dialog).getByLabelText('Reminder assistant'), { target: { value: 'a1' } });
    fireEvent.change(within(dialog).getByLabelText('Reminder phone number'), { target: { value: 'n1' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Call reminders automatically' }));
    fireEvent.change(within(dialog).getByLabelText('Reminder: days before the appointment'), {
      target: { value: '3' },
    });
    expect(within(dialog).queryByLabelText('Follow-up: days before the appointment')).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Outbound call settings saved')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual(saved);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(card('Reminder')).getByText('Not Scheduled')).toBeTruthy();
  });

  it('chooses a channel per type; text-then-call asks after how many hours to call, within 1 to 72', async () => {
    const { api, dialog } = await openSettings({
      'PUT /api/outbound-settings': ({ body }) => ({ body }),
    });
    const hours = 'Follow-up: call after this many hours without a reply';
    expect(within(dialog).queryByLabelText(hours)).toBeNull();
    const channel = within(dialog).getByLabelText('Follow-up: how to reach the patient') as HTMLSelectElement;
    expect([...channel.options].map((o) => o.textContent)).toEqual(Object.values(CHANNEL_LABELS));
    fireEvent.change(channel, { target: { value: 'sms_then_call' } });
    fireEvent.change(within(dialog).getByLabelText(hours), { target: { value: '73' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(within(dialog).getByText('Between 1 and 72 hours')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText(hours), { target: { value: '8' } });
    fireEvent.change(within(dialog).getByLabelText('Reminder: how to reach the patient'), {
      target: { value: 'sms' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Outbound call settings saved')).toBeTruthy();
    const sent = api.calls.find((c) => c.method === 'PUT')!.body as OutboundSettings;
    expect(sent.callTypes.followup).toMatchObject({ channel: 'sms_then_call', escalateAfterHours: 8 });
    expect(sent.callTypes.reminder.channel).toBe('sms');
    expect(sent.callTypes.confirmation.channel).toBe('call');
  });

  it('shows the server refusal in an error toast and stays open', async () => {
    const { dialog } = await openSettings({
      'PUT /api/outbound-settings': { status: 400, body: { message: 'Unknown assistant', code: 'x' } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('Unknown assistant')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Outbound Call Settings' })).toBeTruthy();
  });
});

describe('Transfer to a Person dialog', () => {
  async function openTransfer(routes: Parameters<typeof mockApi>[0] = {}) {
    const result = renderScreen(routes);
    const button = await screen.findByRole('button', { name: 'Transfer to a Person' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    return { ...result, dialog: await screen.findByRole('dialog', { name: 'Transfer to a Person' }) };
  }

  it('says why the button stays off when the transfer settings cannot be loaded', async () => {
    renderScreen({
      'GET /api/call-transfer-settings': { status: 503, body: { message: 'Busy', code: 'x' } },
    });
    expect(await screen.findByText(/Could not load the transfer settings\. Busy/)).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Transfer to a Person' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('refuses a number that is none, no day and hours that end before they start, and sends nothing', async () => {
    const { api, dialog } = await openTransfer();
    fireEvent.change(within(dialog).getByLabelText('Transfer to phone number'), {
      target: { value: '555-01' },
    });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      fireEvent.click(within(dialog).getByRole('checkbox', { name: day }));
    }
    fireEvent.change(within(dialog).getByLabelText('Answered until'), { target: { value: '08:00' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText(/phone number is too short/i)).toBeTruthy();
    // The message is the days group's description, as a field's is its input's.
    const days = within(dialog).getByRole('group', { name: 'Days someone answers' });
    const description = document.getElementById(days.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toBe(TRANSFER.noDays);
    expect(within(dialog).getByText(TRANSFER.invalidHours)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the number, the days and the hours', async () => {
    const { api, dialog } = await openTransfer({
      'PUT /api/call-transfer-settings': ({ body }) => ({
        body: { ...(body as object), phoneNumber: '+12125550143' },
      }),
    });
    fireEvent.change(within(dialog).getByLabelText('Transfer to phone number'), {
      target: { value: ' (212) 555-0143 ' },
    });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.click(within(dialog).getByRole('checkbox', { name: 'Monday' }));
    fireEvent.change(within(dialog).getByLabelText('Answered from'), { target: { value: '08:30' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(TRANSFER.saved)).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toEqual({
      phoneNumber: '(212) 555-0143',
      days: ['tue', 'wed', 'thu', 'fri', 'sat'],
      start: '08:30',
      end: '17:00',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('an empty number turns transfers off; a server refusal shows in a toast and the dialog stays', async () => {
    const { api, dialog } = await openTransfer({
      'PUT /api/call-transfer-settings': { status: 400, body: { message: 'Not today', code: 'x' } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Not today')).toBeTruthy();
    expect(api.calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ phoneNumber: null });
    expect(screen.getByRole('dialog', { name: 'Transfer to a Person' })).toBeTruthy();
  });

  it('marks a number the server refuses under the number', async () => {
    const message = TRANSFER.ownNumber;
    const { dialog } = await openTransfer({
      'PUT /api/call-transfer-settings': {
        status: 400,
        body: { message, code: 'validation_failed', fields: { phoneNumber: message } },
      },
    });
    const field = within(dialog).getByLabelText('Transfer to phone number');
    fireEvent.change(field, { target: { value: '(212) 555-0143' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    const described = (field.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toContain(message);
  });
});
