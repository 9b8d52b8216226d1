import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { DemoRequest } from '#shared/schemas/demo-requests';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { DemoRequestsScreen } from './demo-requests-screen';

const request = (over: Partial<DemoRequest>): DemoRequest => ({
  id: 'r1',
  name: 'Dr. Jane Smith',
  email: 'jane@smiledental.example',
  mobile: '(555) 123-4567',
  solution: 'dental-practices',
  kind: 'demo',
  sourcePage: '/pricing',
  convertedPracticeId: null,
  createdAt: '2026-03-04T14:00:00.000Z',
  contactedAt: null,
  ...over,
});

describe('DemoRequestsScreen', () => {
  it('shows whether each request is for a demo or a free trial', async () => {
    mockApi({
      'GET /api/demo-requests': {
        body: {
          demoRequests: [
            request({ id: 'r2', name: 'Trial Person', kind: 'trial' }),
            request({ id: 'r1', name: 'Demo Person' }),
          ],
        },
      },
    });
    renderWithApp(<DemoRequestsScreen />);
    const rows = await screen.findAllByTestId('demo-request-row');
    expect(within(rows[0]!).getByText('Free trial')).toBeTruthy();
    expect(within(rows[1]!).getByText('Demo')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Request' })).toBeTruthy();
  });
});
