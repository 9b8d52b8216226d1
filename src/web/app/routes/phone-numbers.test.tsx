import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ALL_PERMISSIONS, NO_PERMISSIONS } from '#shared/permissions';
import type { PhoneMapping } from '#shared/schemas/phone-mappings';
import type { PhoneNumberListItem } from '#shared/schemas/phone-numbers';
import { mockApi, pending, type ApiCall } from '../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../test/render';
import { RequireAccess } from './guards';
import { PhoneNumbersRoute } from './phone-numbers';

const MAIN: PhoneNumberListItem = {
  id: 'c1b2c3d4-0000-4000-8000-000000000001',
  name: 'Main line',
  number: '+15125550100',
  assistantId: 'a1b2c3d4-0000-4000-8000-000000000001',
  assistantName: 'Front Desk',
  cost: 2,
  createdAt: '2026-11-01T10:00:00.000Z',
};
const UNNAMED: PhoneNumberListItem = {
  ...MAIN,
  id: 'c1b2c3d4-0000-4000-8000-000000000002',
  name: null,
  number: '+15125550111',
  assistantId: null,
  assistantName: null,
};
const NEW: PhoneNumberListItem = {
  ...MAIN,
  id: 'c1b2c3d4-0000-4000-8000-000000000003',
  name: null,
  number: null,
  assistantId: null,
  assistantName: null,
};

const ASSISTANTS = [
  { id: 'a1b2c3d4-0000-4000-8000-000000000001', name: 'Front Desk' },
  { id: 'a1b2c3d4-0000-4000-8000-000000000002', name: 'After Hours' },
];
const CONNECTORS = [
  {
    id: 'd1',
    name: 'Bright Smile Dentrix',
    consumerId: 'c',
    connectorId: 'dentrix-1',
    isActive: true,
    createdAt: MAIN.createdAt,
  },
  {
    id: 'd2',
    name: 'Practice Schedule',
    consumerId: 'c',
    connectorId: 'sandbox',
    isActive: true,
    createdAt: MAIN.createdAt,
  },
];

const admin = {
  role: 'admin',
  permissions: ALL_PERMISSIONS,
  assignedPhoneNumbers: [],
  assignedConnectors: [],
  assignedAssistants: [],
};
const frontDesk = {
  role: 'sub',
  permissions: { ...NO_PERMISSIONS, canAssistants: true },
  assignedPhoneNumbers: [MAIN.id],
  assignedConnectors: ['dentrix-1'],
  assignedAssistants: [ASSISTANTS[0]?.id],
};

/** Minimal assistant rows: the screen reads id and name. */
const assistantRows = () => ASSISTANTS.map((a) => ({ ...a, voice: { provider: 'vapi', voiceId: 'Elliot' } }));

function api({
  principal = admin,
  numbers = [MAIN, UNNAMED, NEW],
  mappings = [] as PhoneMapping[],
  extra = {},
}: {
  principal?: typeof admin | typeof frontDesk;
  numbers?: PhoneNumberListItem[] | typeof pending;
  mappings?: PhoneMapping[];
  extra?: Parameters<typeof mockApi>[0];
} = {}) {
  return mockApi({
    'GET /api/user-permissions': { body: { success: true, data: principal } },
    'GET /api/phone-numbers': typeof numbers === 'function' ? numbers : { body: { phoneNumbers: numbers } },
    'GET /api/phone-mappings': { body: { mappings } },
    'GET /api/assistants': { body: { assistants: assistantRows() } },
    'GET /api/connectors': { body: { success: true, connectors: CONNECTORS } },
    'GET /api/voice-platform': { body: { provider: 'sandbox' } },
    ...extra,
  });
}

const writes = (calls: ApiCall[]) =>
  calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${decodeURIComponent(c.path)}`);

async function openEdit(title: string) {
  await userEvent.click(await screen.findByRole('button', { name: `Edit ${title}` }));
  return within(await screen.findByRole('dialog'));
}

describe('Phone Numbers route', () => {
  it("offers an admin 'Simulate a call' on each number in sandbox mode, and nobody else", async () => {
    api();
    renderWithApp(<PhoneNumbersRoute />);
    expect(await screen.findAllByRole('button', { name: 'Simulate a call' })).toHaveLength(2);
    cleanup();
    api({ extra: { 'GET /api/voice-platform': { body: { provider: 'vapi' } } } });
    renderWithApp(<PhoneNumbersRoute />);
    expect(await screen.findByRole('heading', { name: 'Phone Numbers', level: 1 })).toBeTruthy();
    await screen.findAllByRole('button', { name: /^Edit / });
    expect(screen.queryByRole('button', { name: 'Simulate a call' })).toBeNull();
  });

  it('shows a spinner while the numbers load', async () => {
    api({ numbers: pending });
    renderWithApp(<PhoneNumbersRoute />);
    expect((await screen.findByRole('status')).textContent).toContain('Loading phone numbers');
  });

  it('tells a sub user with no numbers that none are assigned', async () => {
    api({ principal: frontDesk, numbers: [] });
    renderWithApp(<PhoneNumbersRoute />, { user: TEST_FRONT_DESK });
    expect(await screen.findByText('No assigned phone numbers')).toBeTruthy();
    expect(screen.getByText("You don't have any phone numbers assigned to you yet")).toBeTruthy();
  });

  it('denies the screen to a sub user without assigned numbers', async () => {
    api({ principal: { ...frontDesk, assignedPhoneNumbers: [] } });
    renderWithApp(
      <RequireAccess action="phoneNumbers:view">
        <PhoneNumbersRoute />
      </RequireAccess>,
      { user: TEST_FRONT_DESK },
    );
    expect(await screen.findByRole('heading', { name: 'Access Denied' })).toBeTruthy();
  });

  it('shows the error and loads again on Retry', async () => {
    let calls = 0;
    api({
      extra: {
        'GET /api/phone-numbers': () =>
          ++calls === 1
            ? {
                status: 500,
                body: { message: 'Something went wrong', code: 'internal_error', requestId: 'r' },
              }
            : { body: { phoneNumbers: [MAIN] } },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Main line')).toBeTruthy();
  });

  it('shows each card: title, national number, provisioning, badges, Routes to and the created date', async () => {
    api({ mappings: [{ phoneNumber: MAIN.number ?? '', connectorId: 'dentrix-1', name: 'Main line' }] });
    renderWithApp(<PhoneNumbersRoute />);
    const cards = await screen.findAllByRole('listitem');
    const [main, unnamed, fresh] = cards.map((card) => within(card));
    expect(main?.getByRole('heading', { name: 'Main line' })).toBeTruthy();
    expect(main?.getByText('(512) 555-0100')).toBeTruthy();
    // Assistant and connector names arrive with their own lists.
    expect(await main?.findByText('Front Desk')).toBeTruthy();
    expect(await main?.findByText('Bright Smile Dentrix')).toBeTruthy();
    expect(main?.getByText('$2.00/month')).toBeTruthy();
    expect(main?.getByText('Routes to: Front Desk, booking into Bright Smile Dentrix')).toBeTruthy();
    expect(main?.getByText(`Created ${new Date(MAIN.createdAt).toLocaleDateString()}`)).toBeTruthy();
    expect(unnamed?.getByRole('heading', { name: '(512) 555-0111' })).toBeTruthy();
    // No mapping: calls book into the practice's active linked account.
    expect(unnamed?.getByText('Books into Bright Smile Dentrix (default)')).toBeTruthy();
    expect(
      unnamed?.getByText('Routes to: no assistant, booking into Bright Smile Dentrix (default)'),
    ).toBeTruthy();
    expect(fresh?.getByRole('heading', { name: 'Untitled Phone Number' })).toBeTruthy();
    expect(fresh?.getByText('Provisioning...')).toBeTruthy();
  });

  it('names the assistant to a sub user who may not list assistants, from the numbers list', async () => {
    const { calls } = api({
      principal: { ...frontDesk, permissions: NO_PERMISSIONS, assignedAssistants: [] },
      numbers: [MAIN],
    });
    renderWithApp(<PhoneNumbersRoute />, { user: TEST_FRONT_DESK });
    const card = within(await screen.findByRole('listitem'));
    expect(card.getByText('Routes to: Front Desk')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/assistants')).toBe(false);
  });

  it("prefers the assistants list's name, which an assistant's own edits refresh", async () => {
    api({ numbers: [{ ...MAIN, assistantName: 'Old name' }] });
    renderWithApp(<PhoneNumbersRoute />);
    const card = within(await screen.findByRole('listitem'));
    expect(await card.findByText(/^Routes to: Front Desk/)).toBeTruthy();
  });

  it("names the first active linked account as an unmapped number's default, else says No connector", async () => {
    const inactive = { ...CONNECTORS[0]!, isActive: false };
    api({
      numbers: [UNNAMED],
      extra: { 'GET /api/connectors': { body: { success: true, connectors: [inactive, CONNECTORS[1]] } } },
    });
    renderWithApp(<PhoneNumbersRoute />);
    expect(await screen.findByText('Books into Practice Schedule (default)')).toBeTruthy();
    expect(screen.queryByText('No connector')).toBeNull();
    cleanup();

    api({
      numbers: [MAIN, UNNAMED],
      mappings: [{ phoneNumber: MAIN.number ?? '', connectorId: 'dentrix-1', name: 'Main line' }],
      extra: { 'GET /api/connectors': { body: { success: true, connectors: [inactive] } } },
    });
    renderWithApp(<PhoneNumbersRoute />);
    await screen.findByText('Bright Smile Dentrix'); // the connectors have arrived
    expect(screen.getByText('No connector')).toBeTruthy();
    expect(screen.queryByText(/\(default\)/)).toBeNull();
  });

  it('opens a read-only details dialog', async () => {
    api();
    renderWithApp(<PhoneNumbersRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'View Details of Main line' }));
    const d = within(await screen.findByRole('dialog'));
    expect(d.getByRole('heading', { name: 'Phone Number Details' })).toBeTruthy();
    expect(d.getByText('(512) 555-0100')).toBeTruthy();
    expect(d.queryByRole('textbox')).toBeNull();
  });

  it('shows the number read-only in the edit dialog, titled for an admin', async () => {
    api();
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('Main line');
    expect(d.getByRole('heading', { name: 'Edit Phone Number' })).toBeTruthy();
    const number = d.getByLabelText('Phone Number') as HTMLInputElement;
    expect(number.readOnly).toBe(true);
    expect(number.value).toBe('(512) 555-0100');
    expect(d.getByText('Phone number cannot be changed')).toBeTruthy();
  });

  it("titles the dialog 'Configure Your Phone Number' for a sub user", async () => {
    api({ principal: frontDesk, numbers: [MAIN] });
    renderWithApp(<PhoneNumbersRoute />, { user: TEST_FRONT_DESK });
    const d = await openEdit('Main line');
    expect(d.getByRole('heading', { name: 'Configure Your Phone Number' })).toBeTruthy();
  });

  it('saves the number, then creates a mapping when the number has none', async () => {
    const { calls } = api({
      extra: {
        [`PATCH /api/phone-numbers/${UNNAMED.id}`]: { body: { success: true, phoneNumber: UNNAMED } },
        'POST /api/phone-mappings': {
          status: 201,
          body: {
            success: true,
            mapping: { phoneNumber: UNNAMED.number, connectorId: 'dentrix-1', name: 'Reception' },
          },
        },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('(512) 555-0111');
    await userEvent.type(d.getByLabelText('Name'), 'Reception');
    await userEvent.selectOptions(d.getByLabelText('Assistant'), 'After Hours');
    await userEvent.selectOptions(d.getByLabelText('Connector'), 'Bright Smile Dentrix');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Connector mapping updated successfully')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(writes(calls)).toEqual([`PATCH /api/phone-numbers/${UNNAMED.id}`, 'POST /api/phone-mappings']);
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({
      name: 'Reception',
      assistantId: ASSISTANTS[1]?.id,
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      phoneNumber: '+15125550111',
      connectorId: 'dentrix-1',
      name: 'Reception',
    });
  });

  it('replaces an existing mapping through PUT with the number URL-encoded', async () => {
    const { calls } = api({
      mappings: [{ phoneNumber: '+15125550100', connectorId: 'dentrix-1', name: 'Main line' }],
      extra: {
        [`PATCH /api/phone-numbers/${MAIN.id}`]: { body: { success: true, phoneNumber: MAIN } },
        'PUT /api/phone-mappings/%2B15125550100': {
          body: {
            success: true,
            mapping: { phoneNumber: '+15125550100', connectorId: 'sandbox', name: 'Main line' },
          },
        },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('Main line');
    expect((d.getByLabelText('Connector') as HTMLSelectElement).value).toBe('dentrix-1');
    await userEvent.selectOptions(d.getByLabelText('Connector'), 'Practice Schedule');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Connector mapping updated successfully')).toBeTruthy();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/api/phone-mappings/%2B15125550100');
    expect(put?.body).toEqual({ connectorId: 'sandbox', name: 'Main line' });
  });

  it('removes the mapping when the connector is cleared', async () => {
    const { calls } = api({
      mappings: [{ phoneNumber: '+15125550100', connectorId: 'dentrix-1', name: 'Main line' }],
      extra: {
        [`PATCH /api/phone-numbers/${MAIN.id}`]: { body: { success: true, phoneNumber: MAIN } },
        'DELETE /api/phone-mappings/%2B15125550100': { body: { success: true } },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('Main line');
    await userEvent.selectOptions(d.getByLabelText('Connector'), 'No connector');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Connector mapping removed successfully')).toBeTruthy();
    expect(writes(calls)).toEqual([
      `PATCH /api/phone-numbers/${MAIN.id}`,
      'DELETE /api/phone-mappings/+15125550100',
    ]);
  });

  it('touches no mapping when the connector stays the same', async () => {
    const { calls } = api({
      mappings: [{ phoneNumber: '+15125550100', connectorId: 'dentrix-1', name: 'Main line' }],
      extra: { [`PATCH /api/phone-numbers/${MAIN.id}`]: { body: { success: true, phoneNumber: MAIN } } },
    });
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('Main line');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Phone number updated successfully')).toBeTruthy();
    expect(writes(calls)).toEqual([`PATCH /api/phone-numbers/${MAIN.id}`]);
  });

  it('stops before the mapping when the number cannot be saved, showing the server message', async () => {
    const { calls } = api({
      extra: {
        [`PATCH /api/phone-numbers/${UNNAMED.id}`]: {
          status: 400,
          body: {
            message: 'Name must be at most 40 characters',
            code: 'validation_failed',
            requestId: 'r',
            fields: { name: 'Name must be at most 40 characters' },
          },
        },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('(512) 555-0111');
    await userEvent.selectOptions(d.getByLabelText('Connector'), 'Bright Smile Dentrix');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update phone number')).toBeTruthy();
    expect(d.getAllByText('Name must be at most 40 characters').length).toBeGreaterThan(0);
    expect(writes(calls)).toEqual([`PATCH /api/phone-numbers/${UNNAMED.id}`]);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('says when creating the mapping fails and keeps the dialog open', async () => {
    api({
      extra: {
        [`PATCH /api/phone-numbers/${UNNAMED.id}`]: { body: { success: true, phoneNumber: UNNAMED } },
        'POST /api/phone-mappings': {
          status: 404,
          body: {
            message: 'Connector not found',
            code: 'not_found',
            requestId: 'r',
            fields: { connectorId: 'Connector not found' },
          },
        },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('(512) 555-0111');
    await userEvent.selectOptions(d.getByLabelText('Connector'), 'Bright Smile Dentrix');
    await userEvent.click(d.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to create phone mapping')).toBeTruthy();
    expect(screen.getByText('Connector not found')).toBeTruthy();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('offers no connector for a number still provisioning', async () => {
    api();
    renderWithApp(<PhoneNumbersRoute />);
    const d = await openEdit('Untitled Phone Number');
    expect((d.getByLabelText('Connector') as HTMLSelectElement).disabled).toBe(true);
    expect((d.getByLabelText('Phone Number') as HTMLInputElement).value).toBe('Provisioning...');
  });

  it('asks before deleting a number, then deletes it', async () => {
    const { calls } = api({
      extra: { [`DELETE /api/phone-numbers/${MAIN.id}`]: { body: { success: true } } },
    });
    renderWithApp(<PhoneNumbersRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Main line' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(writes(calls)).toEqual([]);
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Phone number deleted successfully')).toBeTruthy();
    expect(writes(calls)).toEqual([`DELETE /api/phone-numbers/${MAIN.id}`]);
  });

  it('keeps Delete from a sub user, who may still edit their number (ADR 042)', async () => {
    api({ principal: frontDesk, numbers: [MAIN] });
    renderWithApp(<PhoneNumbersRoute />, { user: TEST_FRONT_DESK });
    const remove = (await screen.findByRole('button', { name: 'Delete Main line' })) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Edit Main line' }) as HTMLButtonElement).disabled).toBe(
      false,
    );
  });

  it('shows the server message when deleting fails', async () => {
    api({
      extra: {
        [`DELETE /api/phone-numbers/${MAIN.id}`]: {
          status: 502,
          body: { message: 'Vapi could not release the number', code: 'unavailable', requestId: 'r' },
        },
      },
    });
    renderWithApp(<PhoneNumbersRoute />);
    await userEvent.click(await screen.findByRole('button', { name: 'Delete Main line' }));
    await userEvent.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }),
    );
    expect(await screen.findByText('Failed to delete phone number')).toBeTruthy();
    expect(screen.getByText('Vapi could not release the number')).toBeTruthy();
  });
});
