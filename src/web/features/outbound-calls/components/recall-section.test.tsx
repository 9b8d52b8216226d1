import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Assistant } from '#shared/schemas/assistants';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import {
  DEFAULT_OUTBOUND_SETTINGS,
  RECALL_SETTINGS_MESSAGES,
  type OutboundCall,
} from '#shared/schemas/outbound-calls';
import { RECALL_MESSAGES as R, type RecallPatient } from '#shared/schemas/recall';
import { DEFAULT_CALL_TRANSFER_SETTINGS } from '#shared/schemas/call-transfer';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { OutboundCallsScreen } from './outbound-calls-screen';
import { RecallSection } from './recall-section';

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

const due = (over: Partial<RecallPatient>): RecallPatient => ({
  id: 'r1',
  name: 'Ann Lee',
  phone_number: '+13125550111',
  last_visit: '2026-01-10',
  months_overdue: 4,
  ...over,
});
const PATIENTS = [
  due({}),
  due({
    id: 'r2',
    name: 'Zed Young',
    phone_number: '+13125550122',
    last_visit: '2025-09-02',
    months_overdue: 8,
  }),
  due({ id: 'r3', name: 'Bo Moss', phone_number: null, last_visit: '2026-03-01', months_overdue: 2 }),
];
const ASSISTANTS = [{ id: 'a1', name: 'Riley' }] as Assistant[];
const NUMBERS = [
  { id: 'n1', name: 'Recall line', number: '+12125550143', assistantId: null, cost: 2, createdAt: '' },
] as PhoneNumber[];
const queued = (name: string): OutboundCall => ({
  id: `oc-${name}`,
  patient_name: name,
  phone_number: '+13125550111',
  call_type: 'recall',
  status: 'pending',
  created_at: '2026-05-01T14:00:00.000Z',
  vapi_call_id: null,
  not_before: null,
  attempts: 0,
  last_error: null,
});

function renderSection(routes: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({ 'GET /api/recall': { body: { patients: PATIENTS } }, ...routes });
  renderWithApp(<RecallSection assistants={ASSISTANTS} phoneNumbers={NUMBERS} />);
  return api;
}
const region = () => screen.getByRole('region', { name: 'Recall' });
const names = () =>
  within(region())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);
const header = (name: string) => within(region()).getByRole('columnheader', { name: new RegExp(name) });
const posts = (api: ReturnType<typeof mockApi>) => api.calls.filter((c) => c.method === 'POST');
const keysOf = (api: ReturnType<typeof mockApi>) =>
  api.fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);

describe('RecallSection', () => {
  it('shows a spinner while the list loads', () => {
    renderSection({ 'GET /api/recall': pending });
    expect(within(region()).getByRole('status')).toBeTruthy();
  });

  it('says when nobody is due', async () => {
    renderSection({ 'GET /api/recall': { body: { patients: [] } } });
    expect(await screen.findByText(R.empty)).toBeTruthy();
  });

  it('says why the list failed and asks again on Try again', async () => {
    let fail = true;
    const api = renderSection({
      'GET /api/recall': () =>
        fail
          ? { status: 503, body: { message: 'The practice system is not answering.', code: 'unavailable' } }
          : { body: { patients: PATIENTS } },
    });
    expect(await screen.findByText(`${R.loadError}. The practice system is not answering.`)).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Zed Young')).toBeTruthy();
    expect(api.calls.filter((c) => c.path === '/api/recall')).toHaveLength(2);
  });

  it('lists name, last visit, months overdue and phone, most overdue first, and sorts by any column', async () => {
    renderSection();
    await screen.findByText('Ann Lee');
    expect(names()).toEqual(['Zed Young', 'Ann Lee', 'Bo Moss']);
    expect(header('Months overdue').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    const [, row] = within(region()).getAllByRole('row');
    expect(
      within(row!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['', 'Zed Young', '2025-09-02', '8', '(312) 555-0122']);

    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(names()).toEqual(['Ann Lee', 'Bo Moss', 'Zed Young']);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Months overdue').getAttribute('aria-sort')).toBe('none');
    fireEvent.click(within(header('Name')).getByRole('button'));
    expect(names()).toEqual(['Zed Young', 'Bo Moss', 'Ann Lee']);
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    fireEvent.click(within(header('Last visit')).getByRole('button'));
    expect(names()).toEqual(['Zed Young', 'Ann Lee', 'Bo Moss']);
    expect(header('Last visit').getAttribute('aria-sort')).toBe('ascending');
  });

  it('searches by name or phone digits, and says when nothing matches', async () => {
    renderSection();
    await screen.findByText('Ann Lee');
    fireEvent.change(screen.getByLabelText('Search recall patients'), { target: { value: 'zed' } });
    expect(names()).toEqual(['Zed Young']);
    fireEvent.change(screen.getByLabelText('Search recall patients'), { target: { value: '555-0111' } });
    expect(names()).toEqual(['Ann Lee']);
    fireEvent.change(screen.getByLabelText('Search recall patients'), { target: { value: 'nobody' } });
    expect(await screen.findByText(R.emptySearch)).toBeTruthy();
  });

  it('calls the selected patients once per intended action, then says how many were queued', async () => {
    type Reply = { status: number; body: unknown };
    let release: (reply: Reply) => void = () => undefined;
    const reason = R.recentlyCalled('Zed Young');
    const api = renderSection({
      'POST /api/recall/calls': (): Reply | Promise<Reply> =>
        posts(api).length === 1
          ? new Promise<Reply>((resolve) => (release = resolve))
          : {
              status: 202,
              body: {
                success: true,
                calls: [queued('Ann Lee')],
                skipped: [{ patient_id: 'r2', patient_name: 'Zed Young', reason }],
              },
            },
    });
    await screen.findByText('Ann Lee');
    const callSelected = within(region()).getByRole('button', { name: /Call selected/ });
    expect((callSelected as HTMLButtonElement).disabled).toBe(true);
    // A patient without a number cannot be chosen.
    expect(within(region()).getByRole('checkbox', { name: 'Bo Moss' }).hasAttribute('disabled')).toBe(true);
    fireEvent.click(within(region()).getByRole('checkbox', { name: 'Ann Lee' }));
    fireEvent.click(within(region()).getByRole('checkbox', { name: 'Zed Young' }));
    fireEvent.change(within(region()).getByLabelText('Recall assistant'), { target: { value: 'a1' } });
    fireEvent.click(within(region()).getByRole('button', { name: 'Call selected (2)' }));
    await waitFor(() => expect(posts(api)).toHaveLength(1));
    release({ status: 503, body: { message: 'The service is busy.', code: 'unavailable' } });
    expect(await screen.findByText('The service is busy.')).toBeTruthy();
    // Still selected; pressed again, the same key.
    fireEvent.click(within(region()).getByRole('button', { name: 'Call selected (2)' }));
    expect(await screen.findByText(`1 recall call queued. ${reason}`)).toBeTruthy();
    expect(posts(api).map((c) => c.body)).toEqual([
      { patient_ids: ['r1', 'r2'], assistant_id: 'a1' },
      { patient_ids: ['r1', 'r2'], assistant_id: 'a1' },
    ]);
    const keys = keysOf(api);
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    expect(within(region()).getByRole('checkbox', { name: 'Ann Lee' }).getAttribute('aria-checked')).toBe(
      'false',
    );
  });

  it('texts the selected patients and says who was left out', async () => {
    const reason = R.recentlyTexted('Ann Lee');
    const api = renderSection({
      'POST /api/recall/texts': {
        status: 202,
        body: { success: true, texts: 1, skipped: [{ patient_id: 'r1', patient_name: 'Ann Lee', reason }] },
      },
    });
    await screen.findByText('Ann Lee');
    fireEvent.click(within(region()).getByRole('checkbox', { name: 'Select all patients shown' }));
    fireEvent.click(within(region()).getByRole('button', { name: 'Text selected (2)' }));
    expect(await screen.findByText(`1 recall text queued. ${reason}`)).toBeTruthy();
    expect(posts(api).map((c) => [c.path, c.body])).toEqual([
      ['/api/recall/texts', { patient_ids: ['r1', 'r2'] }],
    ]);
  });

  it('shows the server refusal of a text in an error toast', async () => {
    renderSection({
      'POST /api/recall/texts': {
        status: 409,
        body: { message: 'No recall text was sent: no sender number.', code: 'conflict' },
      },
    });
    await screen.findByText('Ann Lee');
    fireEvent.click(within(region()).getByRole('checkbox', { name: 'Ann Lee' }));
    fireEvent.click(within(region()).getByRole('button', { name: 'Text selected (1)' }));
    expect(await screen.findByText('No recall text was sent: no sender number.')).toBeTruthy();
  });
});

describe('the recall settings', () => {
  async function openSettings(routes: Parameters<typeof mockApi>[0] = {}) {
    const api = mockApi({
      'GET /api/patients-with-appointments': { body: { patients: [] } },
      'GET /api/outbound-calls': { body: { calls: [] } },
      'GET /api/assistants': { body: { assistants: ASSISTANTS } },
      'GET /api/phone-numbers': { body: { phoneNumbers: NUMBERS } },
      'GET /api/outbound-settings': { body: DEFAULT_OUTBOUND_SETTINGS },
      'GET /api/call-transfer-settings': { body: DEFAULT_CALL_TRANSFER_SETTINGS },
      'GET /api/recall': { body: { patients: PATIENTS } },
      ...routes,
    });
    renderWithApp(<OutboundCallsScreen isAdmin canListAssistants canListPhoneNumbers />);
    const button = await screen.findByRole('button', { name: 'Settings' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    return { api, dialog: await screen.findByRole('dialog', { name: 'Outbound Call Settings' }) };
  }

  it('refuses an interval or a daily limit out of range, and sends nothing', async () => {
    const { api, dialog } = await openSettings();
    fireEvent.change(within(dialog).getByLabelText('Recall interval (months)'), { target: { value: '1' } });
    fireEvent.change(within(dialog).getByLabelText('Recall calls a day at most'), { target: { value: '0' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(within(dialog).getByText(RECALL_SETTINGS_MESSAGES.intervalMonths)).toBeTruthy();
    expect(within(dialog).getByText(RECALL_SETTINGS_MESSAGES.maxPerDay)).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves the interval, the daily campaign and its assistant, number and limit, then reloads the list', async () => {
    const { api, dialog } = await openSettings({
      'PUT /api/outbound-settings': ({ body }) => ({ body }),
    });
    const automatic = within(dialog).getByRole('switch', {
      name: 'Call due patients automatically every day',
    });
    fireEvent.click(automatic);
    expect(
      within(dialog).getByText(/No recall calls are made by themselves until an assistant and a phone/),
    ).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Recall interval (months)'), { target: { value: '12' } });
    fireEvent.change(within(dialog).getByLabelText('Recall calls a day at most'), {
      target: { value: '15' },
    });
    fireEvent.change(within(dialog).getByLabelText('Recall assistant'), { target: { value: 'a1' } });
    fireEvent.change(within(dialog).getByLabelText('Recall phone number'), { target: { value: 'n1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const put = api.calls.find((c) => c.method === 'PUT');
    expect((put!.body as { recall: unknown }).recall).toEqual({
      intervalMonths: 12,
      automatic: true,
      assistantId: 'a1',
      phoneNumberId: 'n1',
      maxPerDay: 15,
    });
    await waitFor(() => expect(api.calls.filter((c) => c.path === '/api/recall')).toHaveLength(2));
  });
});
