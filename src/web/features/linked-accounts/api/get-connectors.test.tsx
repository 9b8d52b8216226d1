import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderRoutes } from '../../../test/render';
import { useConnectors } from './get-connectors';

function ConnectorNames() {
  const connectors = useConnectors();
  return <p>{connectors.data?.connectors.map((c) => c.name).join(', ') ?? 'Loading'}</p>;
}

// Spec part 2, section 9: the connectors list is cached 5 minutes.
describe('the connectors list', () => {
  afterEach(() => vi.useRealTimers());

  it('is asked for once in 5 minutes, however often a screen showing it opens', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const api = mockApi({
      'GET /api/connectors': { body: { success: true, connectors: [{ id: 'c1', name: 'Sandbox' }] } },
    });
    const { router } = renderRoutes([
      { path: '/', element: <ConnectorNames /> },
      { path: '/away', element: <p>Away</p> },
    ]);
    const visitAgain = async () => {
      await act(() => router.navigate('/away'));
      await act(() => router.navigate('/'));
      await screen.findByText('Sandbox');
    };
    await screen.findByText('Sandbox');
    await visitAgain();
    vi.setSystemTime(Date.now() + 4 * 60_000);
    await visitAgain();
    expect(api.calls).toHaveLength(1);
    vi.setSystemTime(Date.now() + 2 * 60_000);
    await visitAgain();
    await vi.waitFor(() => expect(api.calls).toHaveLength(2));
  });
});
