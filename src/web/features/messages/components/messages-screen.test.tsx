import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGING_MESSAGES, type Conversation, type Message } from '#shared/schemas/messaging';
import { mockApi, pending, type ApiCall } from '../../../test/mock-api';
import { renderWithApp, TEST_FRONT_DESK } from '../../../test/render';
import { MessagesScreen } from './messages-screen';

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

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  id: 'c1',
  patientName: 'Ivy Stone',
  phoneNumber: '+12125550111',
  unread: 2,
  lastMessageAt: '2026-11-23T14:05:00.000Z',
  optedOut: false,
  lastMessage: 'Can I come later?',
  suggestedIntent: null,
  ...over,
});

const message = (over: Partial<Message> = {}): Message => ({
  id: 'm1',
  direction: 'outbound',
  body: 'Hi Ivy, see you Wednesday at 9:30 AM.',
  status: 'delivered',
  createdAt: '2026-11-23T13:00:00.000Z',
  kind: 'reminder',
  failure: null,
  ...over,
});

const IVY = conversation();
const OMAR = conversation({
  id: 'c2',
  patientName: null,
  phoneNumber: '+12125550187',
  unread: 0,
  lastMessageAt: '2026-11-24T09:00:00.000Z',
  lastMessage: 'STOP',
  optedOut: true,
});

const THREAD = [
  message(),
  message({
    id: 'm2',
    direction: 'inbound',
    body: 'Can I come later?',
    status: 'received',
    kind: 'reply',
    createdAt: '2026-11-23T14:05:00.000Z',
  }),
  message({
    id: 'm3',
    body: 'We will call you.',
    status: 'sent',
    kind: 'manual',
    createdAt: '2026-11-23T14:06:00.000Z',
  }),
  message({
    id: 'm4',
    body: 'Queued one',
    status: 'queued',
    kind: 'manual',
    createdAt: '2026-11-23T14:07:00.000Z',
  }),
  message({
    id: 'm5',
    body: 'Lost one',
    status: 'undelivered',
    kind: 'manual',
    failure: 'The carrier could not reach this phone.',
    createdAt: '2026-11-23T14:08:00.000Z',
  }),
];

const posts = (calls: ApiCall[], path: string) => calls.filter((c) => c.method === 'POST' && c.path === path);

function renderScreen(routes: Parameters<typeof mockApi>[0] = {}, route = '/messages') {
  const api = mockApi({
    'GET /api/conversations': { body: { conversations: [IVY, OMAR] } },
    'GET /api/conversations/c1/messages': { body: { messages: THREAD } },
    'GET /api/conversations/c2/messages': {
      body: {
        messages: [
          message({ id: 'o1', body: 'STOP', direction: 'inbound', status: 'received', kind: 'reply' }),
        ],
      },
    },
    'POST /api/conversations/c1/read': { status: 204 },
    'POST /api/conversations/c2/read': { status: 204 },
    ...routes,
  });
  const result = renderWithApp(<MessagesScreen />, { route, path: '/messages', user: TEST_FRONT_DESK });
  return { ...result, api };
}

const thread = () => screen.getByRole('region', { name: 'Conversation' });
const replyBox = () => within(thread()).getByLabelText('Reply') as HTMLTextAreaElement;

describe('MessagesScreen', () => {
  it('lists conversations newest first with name or number, preview, unread count and Opted out', async () => {
    renderScreen();
    const list = await screen.findByRole('list', { name: 'Conversations' });
    const rows = within(list).getAllByTestId('conversation');
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('(212) 555-0187'),
      expect.stringContaining('Ivy Stone'),
    ]);
    expect(within(rows[0]!).getByText('Opted out')).toBeTruthy();
    expect(within(rows[0]!).getByText('STOP')).toBeTruthy();
    expect(within(rows[1]!).getByLabelText('2 unread')).toBeTruthy();
    expect(within(rows[1]!).getByText('Can I come later?')).toBeTruthy();
    expect(screen.getByText('Choose a conversation to read it.')).toBeTruthy();
  });

  it('opens a conversation into ?c=, marks it read, and shows its thread with delivery ticks and failures', async () => {
    const { api, router } = renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: /Ivy Stone/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?c=c1'));
    // The keyboard goes with it: the thread's title has the focus, not the list.
    await waitFor(() =>
      expect(document.activeElement).toBe(within(thread()).getByRole('heading', { name: 'Ivy Stone' })),
    );
    const texts = await within(thread()).findByRole('list', { name: 'Texts' });
    const bubbles = within(texts).getAllByTestId('message');
    expect(bubbles.map((b) => b.getAttribute('data-direction'))).toEqual([
      'outbound',
      'inbound',
      'outbound',
      'outbound',
      'outbound',
    ]);
    const delivery = within(texts)
      .getAllByTestId('delivery')
      .map((d) => [d.getAttribute('data-delivery'), d.textContent]);
    expect(delivery).toEqual([
      ['delivered', 'Delivered'],
      ['sent', 'Sent'],
      ['waiting', 'Waiting to send'],
      ['failed', 'Not delivered'],
    ]);
    expect(within(texts).getByText('The carrier could not reach this phone.')).toBeTruthy();
    await waitFor(() => expect(posts(api.calls, '/api/conversations/c1/read')).toHaveLength(1));
    expect(screen.getByRole('button', { name: /Ivy Stone/ }).getAttribute('aria-current')).toBe('true');
  });

  it('Back returns to the list (the phone view)', async () => {
    const { router } = renderScreen({}, '/messages?c=c1');
    fireEvent.click(await within(thread()).findByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.getByText('Choose a conversation to read it.')).toBeTruthy();
  });

  it('searches once typing pauses, keeps the search in ?q= and asks the server with it', async () => {
    const { api, router } = renderScreen({
      'GET /api/conversations': ({ search }) => ({
        body: { conversations: search.get('q') === '0111' ? [IVY] : [IVY, OMAR] },
      }),
    });
    await screen.findByRole('button', { name: /Ivy Stone/ });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search conversations' }), {
      target: { value: '0111' },
    });
    await waitFor(() => expect(router.state.location.search).toBe('?q=0111'));
    await waitFor(() => expect(screen.queryByText('(212) 555-0187')).toBeNull());
    expect(api.calls.some((c) => c.path === '/api/conversations' && c.search.get('q') === '0111')).toBe(true);
  });

  it('starts from ?q= in the URL (the link from Call Logs and Callbacks)', async () => {
    const { api } = renderScreen({}, '/messages?q=2125550111');
    await screen.findByRole('button', { name: /Ivy Stone/ });
    expect((screen.getByRole('searchbox', { name: 'Search conversations' }) as HTMLInputElement).value).toBe(
      '2125550111',
    );
    expect(api.calls.find((c) => c.path === '/api/conversations')!.search.get('q')).toBe('2125550111');
  });

  it('sends a reply with Ctrl+Enter, shows its length live, and shows the sent text', async () => {
    const sent = message({
      id: 'm9',
      body: 'See you then',
      status: 'queued',
      kind: 'manual',
      createdAt: '2026-11-23T15:00:00.000Z',
    });
    // As the server does: once sent, the text is part of the thread.
    const stored = [...THREAD];
    const { api } = renderScreen(
      {
        'GET /api/conversations/c1/messages': () => ({ body: { messages: stored } }),
        'POST /api/conversations/c1/messages': () => {
          stored.push(sent);
          return { status: 201, body: { message: sent } };
        },
      },
      '/messages?c=c1',
    );
    await within(thread()).findByRole('list', { name: 'Texts' });
    expect(within(thread()).getByText('0 characters · 1 segment · GSM-7')).toBeTruthy();
    fireEvent.change(replyBox(), { target: { value: 'See you then' } });
    expect(within(thread()).getByText('12 characters · 1 segment · GSM-7')).toBeTruthy();
    fireEvent.change(replyBox(), { target: { value: 'See you then 😀' } });
    expect(within(thread()).getByText('15 characters · 1 segment · UCS-2')).toBeTruthy();
    fireEvent.change(replyBox(), { target: { value: 'See you then' } });
    fireEvent.keyDown(replyBox(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(posts(api.calls, '/api/conversations/c1/messages')).toHaveLength(1));
    expect(posts(api.calls, '/api/conversations/c1/messages')[0]!.body).toEqual({ body: 'See you then' });
    expect(await within(thread()).findByText('See you then')).toBeTruthy();
    expect(replyBox().value).toBe('');
  });

  it('sends a text once under one Idempotency-Key however often it is pressed; a retry after a failure reuses it', async () => {
    let fail = true;
    const { api } = renderScreen(
      {
        'POST /api/conversations/c1/messages': () =>
          fail
            ? { status: 503, body: { message: 'The text service is not answering.', code: 'unavailable' } }
            : { status: 201, body: { message: message({ id: 'm9', body: 'On my way', kind: 'manual' }) } },
      },
      '/messages?c=c1',
    );
    const keys = () =>
      api.fetchMock.mock.calls
        .filter(([url, init]) => init?.method === 'POST' && String(url).endsWith('/messages'))
        .map(([, init]) => (init!.headers as Record<string, string>)['Idempotency-Key']);
    await within(thread()).findByRole('list', { name: 'Texts' });
    fireEvent.change(replyBox(), { target: { value: 'On my way' } });
    fireEvent.keyDown(replyBox(), { key: 'Enter', ctrlKey: true });
    fireEvent.keyDown(replyBox(), { key: 'Enter', ctrlKey: true });
    expect(await within(thread()).findByRole('alert')).toBeTruthy();
    expect(posts(api.calls, '/api/conversations/c1/messages')).toHaveLength(1);
    fail = false;
    fireEvent.click(within(thread()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(replyBox().value).toBe(''));
    // Another text is another key.
    fireEvent.change(replyBox(), { target: { value: 'On my way' } });
    fireEvent.click(within(thread()).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(keys()).toHaveLength(3));
    const [first, retry, next] = keys();
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(retry).toBe(first);
    expect(next).not.toBe(first);
  });

  it('Enter alone does not send (it writes a new line)', async () => {
    const { api } = renderScreen({}, '/messages?c=c1');
    await within(thread()).findByRole('list', { name: 'Texts' });
    fireEvent.change(replyBox(), { target: { value: 'Hello' } });
    fireEvent.keyDown(replyBox(), { key: 'Enter' });
    expect(posts(api.calls, '/api/conversations/c1/messages')).toHaveLength(0);
  });

  it('closes the reply box with the reason when the number opted out', async () => {
    renderScreen({}, '/messages?c=c2');
    await within(thread()).findByRole('list', { name: 'Texts' });
    expect(replyBox().disabled).toBe(true);
    expect(within(thread()).getByText(MESSAGING_MESSAGES.optedOut)).toBeTruthy();
    expect(replyBox().getAttribute('aria-describedby')).toContain(
      within(thread()).getByText(MESSAGING_MESSAGES.optedOut).id,
    );
    expect((within(thread()).getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("shows the server's words when it refuses a reply (409) and keeps the text", async () => {
    renderScreen(
      {
        'POST /api/conversations/c1/messages': {
          status: 409,
          body: { message: MESSAGING_MESSAGES.optedOut, code: 'conflict' },
        },
      },
      '/messages?c=c1',
    );
    await within(thread()).findByRole('list', { name: 'Texts' });
    fireEvent.change(replyBox(), { target: { value: 'Are you there?' } });
    fireEvent.click(within(thread()).getByRole('button', { name: 'Send' }));
    expect((await within(thread()).findByRole('alert')).textContent).toBe(MESSAGING_MESSAGES.optedOut);
    expect(replyBox().value).toBe('Are you there?');
  });

  it('accepts the suggested intent with one click and shows the outcome', async () => {
    const { api } = renderScreen(
      {
        'GET /api/conversations': { body: { conversations: [{ ...IVY, suggestedIntent: 'reschedule' }] } },
        'POST /api/conversations/c1/intent': {
          body: { outcome: 'A callback task was opened for Ivy Stone.' },
        },
      },
      '/messages?c=c1',
    );
    fireEvent.click(await within(thread()).findByRole('button', { name: 'Call to reschedule' }));
    expect(await screen.findByText('A callback task was opened for Ivy Stone.')).toBeTruthy();
    expect(posts(api.calls, '/api/conversations/c1/intent')[0]!.body).toEqual({ intent: 'reschedule' });
  });

  it('shows no intent button without a suggestion', async () => {
    renderScreen({}, '/messages?c=c1');
    await within(thread()).findByRole('list', { name: 'Texts' });
    for (const name of ['Confirm visit', 'Cancel visit', 'Call to reschedule', 'Mark as answered']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
  });

  it('says when there is no conversation, and when the search finds none', async () => {
    renderScreen({ 'GET /api/conversations': { body: { conversations: [] } } });
    expect(await screen.findByText('No text conversations yet.')).toBeTruthy();
  });

  it('says when the search finds nothing', async () => {
    renderScreen({ 'GET /api/conversations': { body: { conversations: [] } } }, '/messages?q=999');
    expect(await screen.findByText('No conversation matches your search.')).toBeTruthy();
  });

  it('shows loading, then a failed list with the server message and Try again', async () => {
    let fail = true;
    renderScreen({
      'GET /api/conversations': () =>
        fail
          ? { status: 503, body: { message: 'The database is busy.', code: 'unavailable' } }
          : { body: { conversations: [IVY] } },
    });
    expect(await screen.findByText('Could not load the conversations. The database is busy.')).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: /Ivy Stone/ })).toBeTruthy();
  });

  it('shows the loading state while the list is on its way', async () => {
    renderScreen({ 'GET /api/conversations': pending });
    expect(screen.getByText('Loading conversations').closest('[role="status"]')).toBeTruthy();
  });

  it('shows a thread that failed to load', async () => {
    renderScreen(
      { 'GET /api/conversations/c1/messages': { status: 404, body: { message: 'Conversation not found' } } },
      '/messages?c=c1',
    );
    expect(
      await within(thread()).findByText('Could not load the texts. Conversation not found'),
    ).toBeTruthy();
  });

  it('polls the list and the open thread every 5 seconds', async () => {
    const { queryClient } = renderScreen({}, '/messages?c=c1');
    await within(thread()).findByRole('list', { name: 'Texts' });
    const intervals = queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => String(q.queryKey[0]).startsWith('/api/conversations'))
      .map((q) => (q.options as { refetchInterval?: number }).refetchInterval);
    expect(intervals.length).toBeGreaterThanOrEqual(2);
    expect(intervals.every((i) => i === 5000)).toBe(true);
  });

  it('offers no Settings to a user who may not manage them', async () => {
    renderScreen();
    await screen.findByRole('button', { name: /Ivy Stone/ });
    expect(screen.queryByRole('button', { name: 'Settings' })).toBeNull();
  });

  it('lets an admin answer as the open conversation’s patient while texts go to the sandbox', async () => {
    const settings = (mode: 'sandbox' | 'twilio') => ({
      senderNumber: '+12125550143',
      templates: { reminder: 'r', confirmation: 'c', booking: 'b', followup: 'f', recall: 'rc' },
      bookingConfirmation: true,
      callOnReschedule: false,
      mode,
      practiceName: 'Bright Smile Dental',
      practicePhone: '(212) 555-0143',
      appointmentTypes: [],
    });
    const api = mockApi({
      'GET /api/conversations': { body: { conversations: [IVY] } },
      'GET /api/conversations/c1/messages': { body: { messages: THREAD } },
      'POST /api/conversations/c1/read': { status: 204 },
      'GET /api/messaging-settings': { body: settings('sandbox') },
      'POST /api/messaging/sandbox/inbound': { status: 202, body: { conversationId: 'c1' } },
    });
    renderWithApp(<MessagesScreen settings={{ phoneNumbers: [] }} />, {
      route: '/messages?c=c1',
      path: '/messages',
    });
    const box = await within(thread()).findByRole('form', { name: 'Reply as the patient' });
    expect((within(box).getByLabelText("Patient's number") as HTMLInputElement).value).toBe('+12125550111');
    fireEvent.change(within(box).getByLabelText("Patient's text"), { target: { value: 'C' } });
    fireEvent.click(within(box).getByRole('button', { name: 'Send as the patient' }));
    await waitFor(() =>
      expect(posts(api.calls, '/api/messaging/sandbox/inbound').map((c) => c.body)).toEqual([
        { from: '+12125550111', body: 'C' },
      ]),
    );
  });

  it('offers no patient’s reply in the thread with a real Twilio account, nor to staff', async () => {
    mockApi({
      'GET /api/conversations': { body: { conversations: [IVY] } },
      'GET /api/conversations/c1/messages': { body: { messages: THREAD } },
      'POST /api/conversations/c1/read': { status: 204 },
      'GET /api/messaging-settings': {
        body: {
          senderNumber: null,
          templates: { reminder: 'r', confirmation: 'c', booking: 'b', followup: 'f', recall: 'rc' },
          bookingConfirmation: true,
          callOnReschedule: false,
          mode: 'twilio',
          practiceName: 'Bright Smile Dental',
          practicePhone: '(555) 555-0100',
          appointmentTypes: [],
        },
      },
    });
    renderWithApp(<MessagesScreen settings={{ phoneNumbers: [] }} />, {
      route: '/messages?c=c1',
      path: '/messages',
    });
    await within(thread()).findByText('Can I come later?');
    expect(within(thread()).queryByRole('form', { name: 'Reply as the patient' })).toBeNull();
  });

  it('lists the opt-outs and downloads them as CSV with the session', async () => {
    const createObjectURL = vi.fn(() => 'blob:opt-outs');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const { api } = renderScreen({
      'GET /api/opt-outs': ({ search }) =>
        search.get('format') === 'csv'
          ? { body: 'phoneNumber,keyword,at' }
          : {
              body: {
                optOuts: [{ phoneNumber: '+12125550187', keyword: 'STOP', at: '2026-11-24T09:00:00.000Z' }],
              },
            },
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Opt-outs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Opt-outs' });
    expect(await within(dialog).findByText('(212) 555-0187')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(createObjectURL).toHaveBeenCalled());
    const download = api.calls.find((c) => c.path === '/api/opt-outs' && c.search.get('format') === 'csv');
    expect(download).toBeTruthy();
    const init = api.fetchMock.mock.calls.find(([url]) => String(url).includes('format=csv'))![1]!;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer test-session');
  });
});
