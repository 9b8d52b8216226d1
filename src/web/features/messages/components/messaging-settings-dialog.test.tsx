import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DEFAULT_TEMPLATES,
  MESSAGING_MESSAGES as M,
  type MessagingSettings,
} from '#shared/schemas/messaging';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import { heldReply, mockApi, type ApiCall } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { MessagesScreen } from './messages-screen';
import { SETTINGS_TEXTS } from './messaging-settings-dialog';

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

const NUMBERS = [
  { id: 'n1', name: 'Front desk', number: '+12125550143', assistantId: null, cost: 2, createdAt: '' },
  { id: 'n2', name: null, number: '+12125550199', assistantId: null, cost: 2, createdAt: '' },
] as PhoneNumber[];

const SETTINGS: MessagingSettings = {
  senderNumber: '+12125550143',
  templates: { ...DEFAULT_TEMPLATES },
  bookingConfirmation: true,
  callOnReschedule: false,
  mode: 'sandbox',
  practiceName: 'Bright Smile Dental',
  practicePhone: '(212) 555-0143',
  appointmentTypes: ['Dental Checkup'],
};

const puts = (calls: ApiCall[]) => calls.filter((c) => c.method === 'PUT');

async function openSettings(routes: Parameters<typeof mockApi>[0] = {}, settings = SETTINGS) {
  const api = mockApi({
    'GET /api/conversations': { body: { conversations: [] } },
    'GET /api/messaging-settings': { body: settings },
    ...routes,
  });
  const result = renderWithApp(<MessagesScreen settings={{ phoneNumbers: NUMBERS }} />, {
    route: '/messages',
    path: '/messages',
  });
  fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
  const dialog = await screen.findByRole('dialog', { name: 'Messaging Settings' });
  await within(dialog).findByLabelText('Sender number');
  return { ...result, api, dialog };
}

const template = (dialog: HTMLElement, label: string) =>
  within(dialog).getByLabelText(`${label} text`) as HTMLTextAreaElement;

describe('Messaging settings', () => {
  it('shows the sender number from the practice numbers, the templates and both choices', async () => {
    const { dialog } = await openSettings();
    const sender = within(dialog).getByLabelText('Sender number') as HTMLSelectElement;
    expect(sender.value).toBe('+12125550143');
    expect([...sender.options].map((o) => o.value)).toEqual(['', '+12125550143', '+12125550199']);
    expect(template(dialog, 'Reminder').value).toBe(DEFAULT_TEMPLATES.reminder);
    expect(template(dialog, 'Booking confirmation').value).toBe(DEFAULT_TEMPLATES.booking);
    expect(
      within(dialog)
        .getByRole('checkbox', { name: SETTINGS_TEXTS.bookingConfirmation })
        .getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      within(dialog)
        .getByRole('checkbox', { name: SETTINGS_TEXTS.callOnReschedule })
        .getAttribute('aria-checked'),
    ).toBe('false');
    // The preview fills the longest values and the practice's own name.
    expect(within(dialog).getByTestId('preview-reminder').textContent).toBe(
      'Hi Christabelle, Bright Smile Dental reminds you of your visit on Wednesday, Sep 30 at 12:30 PM. Reply C to confirm, R to reschedule. Reply STOP to opt out.',
    );
  });

  it('shows length, segments and a broken rule live, and will not save it', async () => {
    const { dialog, api } = await openSettings();
    const reminder = template(dialog, 'Reminder');
    fireEvent.change(reminder, {
      target: { value: 'Hi {firstName}, {practiceName}: {day} {time}. Reply STOP to opt out.' },
    });
    // "Hi Christabelle, Bright Smile Dental: Wednesday, Sep 30 12:30 PM. Reply STOP to opt out."
    expect(within(dialog).getByText('88 characters · 1 segment · GSM-7')).toBeTruthy();
    expect(reminder.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(reminder, {
      target: {
        value: 'Hi {firstName}, your cleaning at {practiceName} is {day} {time}. Reply STOP to opt out.',
      },
    });
    expect(within(dialog).getByText(M.phi('reminder', 'cleaning'))).toBeTruthy();
    expect(reminder.getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(reminder, {
      target: { value: `{practiceName} ${'x'.repeat(150)} Reply STOP to opt out. ✓` },
    });
    expect(within(dialog).getByText(M.tooLong('reminder'))).toBeTruthy();
    expect(within(dialog).getByText(/ · 3 segments · UCS-2$/)).toBeTruthy();

    const save = within(dialog).getByRole('button', { name: 'Save Settings' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.submit(save.closest('form')!);
    expect(puts(api.calls)).toHaveLength(0);
  });

  it("shows the server's 400 on the template it names", async () => {
    const refusal = M.phi('followup', 'invisalign');
    const { dialog, api } = await openSettings({
      'PUT /api/messaging-settings': {
        status: 400,
        body: { message: refusal, code: 'validation_failed', fields: { 'templates.followup': refusal } },
      },
    });
    fireEvent.change(template(dialog, 'Follow-up'), {
      target: {
        value: 'Hi {firstName}, how is your Invisalign? Call {practicePhone}. Reply STOP to opt out.',
      },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(template(dialog, 'Follow-up').getAttribute('aria-invalid')).toBe('true'));
    const followupField = template(dialog, 'Follow-up').parentElement!;
    expect(within(followupField).getByText(refusal)).toBeTruthy();
    expect(puts(api.calls)[0]!.body).toMatchObject({
      templates: { followup: expect.stringContaining('Invisalign') },
    });
    expect(screen.getByRole('dialog', { name: 'Messaging Settings' })).toBeTruthy();
    // Editing the field clears the server's word.
    fireEvent.change(template(dialog, 'Follow-up'), { target: { value: DEFAULT_TEMPLATES.followup } });
    expect(within(followupField).queryByText(refusal)).toBeNull();
  });

  it('places a 400 without fields on the template its message names', async () => {
    const refusal = M.needsOptOut('confirmation');
    const { dialog } = await openSettings({
      'PUT /api/messaging-settings': { status: 400, body: { message: refusal, code: 'bad_request' } },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    await waitFor(() => expect(template(dialog, 'Confirmation').getAttribute('aria-invalid')).toBe('true'));
  });

  it('saves the sender, the templates and both choices', async () => {
    const { dialog, api } = await openSettings({
      'PUT /api/messaging-settings': ({ body }) => ({ body: { ...SETTINGS, ...(body as object) } }),
    });
    fireEvent.change(within(dialog).getByLabelText('Sender number'), { target: { value: '+12125550199' } });
    fireEvent.click(within(dialog).getByRole('checkbox', { name: SETTINGS_TEXTS.callOnReschedule }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.saved)).toBeTruthy();
    expect(puts(api.calls)[0]!.body).toEqual({
      senderNumber: '+12125550199',
      templates: DEFAULT_TEMPLATES,
      bookingConfirmation: true,
      callOnReschedule: true,
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Messaging Settings' })).toBeNull());
  });

  it('tells how a save ended even when Cancel closed the dialog while it was sent', async () => {
    const held = heldReply();
    const { dialog } = await openSettings({
      'PUT /api/messaging-settings': held.route,
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save Settings' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Messaging Settings' })).toBeNull());
    held.answer({ status: 409, body: { message: 'The sender number is no longer one of yours.' } });
    expect(await screen.findByText('The sender number is no longer one of yours.')).toBeTruthy();
  });

  it('in the sandbox, replies as the patient and opens the conversation it landed in', async () => {
    const { dialog, api, router } = await openSettings({
      'POST /api/messaging/sandbox/inbound': { status: 202, body: { conversationId: 'c7' } },
      'GET /api/conversations/c7/messages': { body: { messages: [] } },
      'POST /api/conversations/c7/read': { status: 204 },
    });
    expect(within(dialog).getByText(SETTINGS_TEXTS.sandboxNote)).toBeTruthy();
    const form = within(dialog).getByRole('form', { name: 'Reply as the patient' });
    fireEvent.change(within(form).getByLabelText("Patient's number"), { target: { value: '+12125550111' } });
    fireEvent.change(within(form).getByLabelText("Patient's text"), {
      target: { value: 'Can I come at 5?' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Send as the patient' }));
    await waitFor(() => expect(router.state.location.search).toBe('?c=c7'));
    expect(api.calls.find((c) => c.path === '/api/messaging/sandbox/inbound')!.body).toEqual({
      from: '+12125550111',
      body: 'Can I come at 5?',
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Messaging Settings' })).toBeNull());
  });

  it('offers no sandbox reply with a real Twilio account', async () => {
    const { dialog } = await openSettings({}, { ...SETTINGS, mode: 'twilio' });
    expect(within(dialog).queryByRole('form', { name: 'Reply as the patient' })).toBeNull();
    expect(within(dialog).queryByText(SETTINGS_TEXTS.sandboxNote)).toBeNull();
  });

  it('shows settings that failed to load', async () => {
    mockApi({
      'GET /api/conversations': { body: { conversations: [] } },
      'GET /api/messaging-settings': {
        status: 403,
        body: { message: 'You do not have permission to do that.' },
      },
    });
    renderWithApp(<MessagesScreen settings={{ phoneNumbers: NUMBERS }} />, {
      route: '/messages',
      path: '/messages',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Settings' }));
    expect(
      await screen.findByText(
        'Could not load the messaging settings. You do not have permission to do that.',
      ),
    ).toBeTruthy();
  });
});
