import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Connector } from '#shared/schemas/connectors';
import { heldReply, mockApi, pending } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { LinkedAccountsScreen } from './linked-accounts-screen';

const CONNECTOR: Connector = {
  id: 'c-1',
  name: 'Bright Smile Dental',
  consumerId: 'bright-smile',
  connectorId: 'sandbox',
  isActive: true,
  createdAt: '2026-01-05T10:00:00.000Z',
};
const LATER: Connector = {
  ...CONNECTOR,
  id: 'c-2',
  name: 'Second Clinic',
  createdAt: '2026-02-01T10:00:00.000Z',
};
const list = (connectors: Connector[]) => ({ body: { success: true, connectors } });
const noRefresh = () => Promise.resolve();

describe('LinkedAccountsScreen', () => {
  it('shows a spinner while the connectors load', async () => {
    mockApi({ 'GET /api/connectors': pending });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={noRefresh} />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading');
  });

  it('says no connectors are configured to an admin with none', async () => {
    mockApi({ 'GET /api/connectors': list([]) });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={noRefresh} />);
    expect(await screen.findByText('No connectors configured')).toBeTruthy();
  });

  it('says none are assigned to a sub user with none', async () => {
    mockApi({ 'GET /api/connectors': list([]) });
    renderWithApp(<LinkedAccountsScreen isAdmin={false} onScheduleSourceChanged={noRefresh} />, {
      user: TEST_FRONT_DESK,
    });
    expect(await screen.findByText('No assigned connectors')).toBeTruthy();
  });

  it('shows a failed load with its message and loads again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/connectors': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'Database unavailable' } } : list([CONNECTOR]),
    });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={noRefresh} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Please try again.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Bright Smile Dental' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('lists the connectors oldest first, with switches and actions for an admin', async () => {
    mockApi({ 'GET /api/connectors': list([LATER, CONNECTOR]) });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={noRefresh} />);
    const cards = await screen.findAllByRole('listitem');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Bright Smile Dental',
      'Second Clinic',
    ]);
    expect(
      screen.getByRole('switch', { name: 'Active: Bright Smile Dental' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByRole('button', { name: 'Add Connector' })).toBeTruthy();
  });

  it('shows a sub user read-only cards', async () => {
    mockApi({ 'GET /api/connectors': list([CONNECTOR]) });
    renderWithApp(<LinkedAccountsScreen isAdmin={false} onScheduleSourceChanged={noRefresh} />, {
      user: TEST_FRONT_DESK,
    });
    expect(await screen.findByRole('button', { name: 'View Details' })).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add Connector' })).toBeNull();
  });

  it('a toggle refreshes the connectors and the schedule data of the other screens, then says so', async () => {
    const refreshSchedule = vi.fn(() => Promise.resolve());
    const { calls } = mockApi({
      'GET /api/connectors': list([CONNECTOR]),
      'PATCH /api/connectors/c-1/toggle': {
        body: { success: true, connector: { ...CONNECTOR, isActive: false } },
      },
      'GET /api/active-connector': { body: { activeConnector: null } },
    });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={refreshSchedule} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active: Bright Smile Dental' }));
    expect(await screen.findByText('Connector status updated successfully')).toBeTruthy();
    expect(refreshSchedule).toHaveBeenCalledTimes(1);
    expect(calls.find((call) => call.method === 'PATCH')?.body).toEqual({ isActive: false });
    await waitFor(() => expect(calls.filter((call) => call.path === '/api/connectors')).toHaveLength(2));
  });

  it('a failed toggle shows the error toast with the message', async () => {
    mockApi({
      'GET /api/connectors': list([CONNECTOR]),
      'PATCH /api/connectors/c-1/toggle': { status: 403, body: { message: 'Forbidden' } },
    });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={noRefresh} />);
    await userEvent.click(await screen.findByRole('switch', { name: 'Active: Bright Smile Dental' }));
    expect(await screen.findByText('Failed to update connector status: Forbidden')).toBeTruthy();
  });

  it('tells how a create ended even when Cancel closed the dialog while it was sent', async () => {
    const held = heldReply();
    mockApi({
      'GET /api/connectors': list([]),
      'POST /api/connectors': held.route,
    });
    renderWithApp(<LinkedAccountsScreen isAdmin onScheduleSourceChanged={noRefresh} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add Connector' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.type(dialog.getByLabelText('Name'), 'North Clinic');
    await userEvent.type(dialog.getByLabelText('Consumer ID'), 'north-clinic');
    await userEvent.type(dialog.getByLabelText('Connector ID'), 'sandbox');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Connector' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    held.answer({ status: 409, body: { message: 'That connector is already linked.' } });
    expect(
      await screen.findByText('Failed to create connector: That connector is already linked.'),
    ).toBeTruthy();
  });
});
