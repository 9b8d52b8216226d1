import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { LinkedAccountsScreen } from './linked-accounts-screen';

describe('LinkedAccountsScreen', () => {
  it('says no connectors are configured to an admin with none', async () => {
    mockApi({ 'GET /api/connectors': { body: { success: true, connectors: [] } } });
    renderWithApp(<LinkedAccountsScreen isAdmin />);
    expect(await screen.findByText('No connectors configured')).toBeTruthy();
  });

  it('says none are assigned to a sub user with none', async () => {
    mockApi({ 'GET /api/connectors': { body: { success: true, connectors: [] } } });
    renderWithApp(<LinkedAccountsScreen isAdmin={false} />);
    expect(await screen.findByText('No assigned connectors')).toBeTruthy();
  });
});
