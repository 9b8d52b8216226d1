import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { SandboxMail } from '#shared/schemas/mail';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { SentMailScreen, SMTP_MODE_MESSAGE } from './sent-mail-screen';

const MAIL: SandboxMail = {
  to: 'owner@lakeside.example',
  subject: 'You are invited to Lakeside Spa on Servc',
  text: 'Set your password: http://localhost:3000/invite/abc123',
  sentAt: '2026-03-02T15:30:00.000Z',
};

describe('SentMailScreen', () => {
  it('shows a spinner while the mails load', async () => {
    mockApi({ 'GET /api/mail/sandbox': pending });
    renderWithApp(<SentMailScreen />);
    expect((await screen.findByRole('status')).textContent).toBe('Loading sent mail');
  });

  it('says when nothing was sent yet', async () => {
    mockApi({ 'GET /api/mail/sandbox': { body: { messages: [] } } });
    renderWithApp(<SentMailScreen />);
    expect(await screen.findByText('No mail sent yet.')).toBeTruthy();
  });

  it('says there is no sandbox when the server sends through SMTP (404)', async () => {
    mockApi({ 'GET /api/mail/sandbox': { status: 404, body: { message: 'Not found.' } } });
    renderWithApp(<SentMailScreen />);
    expect(await screen.findByText(SMTP_MODE_MESSAGE)).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows a failed load and loads again on Try again', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/mail/sandbox': () =>
        ++attempts === 1 ? { status: 500, body: { message: 'x' } } : { body: { messages: [MAIL] } },
    });
    renderWithApp(<SentMailScreen />);
    expect((await screen.findByRole('alert')).textContent).toContain('Could not load sent mail.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(MAIL.subject)).toBeTruthy();
  });

  it('lists each mail with its recipient and time, and opens its text', async () => {
    mockApi({ 'GET /api/mail/sandbox': { body: { messages: [MAIL] } } });
    renderWithApp(<SentMailScreen />);
    const item = await screen.findByTestId('sent-mail');
    expect(item.textContent).toContain('owner@lakeside.example');
    expect(item.textContent).toContain('2026');
    const details = item.querySelector('details')!;
    expect(details.open).toBe(false);
    await userEvent.click(screen.getByText(MAIL.subject));
    expect(details.open).toBe(true);
    expect(screen.getByText(MAIL.text)).toBeTruthy();
  });
});
