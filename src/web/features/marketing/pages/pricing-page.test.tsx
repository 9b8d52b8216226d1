import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { PricingPage } from './pricing-page';

async function fillDialog(dialog: HTMLElement) {
  await userEvent.type(await within(dialog).findByLabelText(/^Name/), 'Dr. Jane Smith');
  await userEvent.type(within(dialog).getByLabelText(/^Email/), 'jane@smiledental.example');
  await userEvent.type(within(dialog).getByLabelText(/^Mobile/), '(555) 123-4567');
  await userEvent.selectOptions(within(dialog).getByLabelText(/^Solution/), 'dental-practices');
}

describe('Pricing page demo buttons', () => {
  it('Start Free Trial opens a dialog titled for the trial and sends a trial request', async () => {
    const api = mockApi({
      'POST /api/demo-requests': { status: 201, body: { success: true, message: 'Thanks for the trial.' } },
    });
    renderWithApp(<PricingPage />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    const dialog = await screen.findByRole('dialog', { name: 'Start Your Free Trial' });
    await fillDialog(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Request/ }));
    expect(await screen.findByRole('heading', { name: 'Free Trial Request Submitted!' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/demo-requests')?.body).toMatchObject({ kind: 'trial' });
  }, 20_000);

  it('Schedule a Demo stays a demo request', async () => {
    const api = mockApi({
      'POST /api/demo-requests': { status: 201, body: { success: true, message: 'Thanks.' } },
    });
    renderWithApp(<PricingPage />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Your Demo' });
    await fillDialog(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Request/ }));
    expect(await screen.findByRole('heading', { name: 'Demo Request Submitted!' })).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/demo-requests')?.body).toMatchObject({ kind: 'demo' });
  }, 20_000);

  it('never shows a 500 on the public form: a server fault reads "Please try again later."', async () => {
    mockApi({
      'POST /api/demo-requests': {
        status: 500,
        body: { success: false, message: 'Something went wrong', code: 'internal_error', requestId: 'r' },
      },
    });
    renderWithApp(<PricingPage />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Your Demo' });
    await fillDialog(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Request/ }));
    expect(await screen.findByText('Please try again later.')).toBeTruthy();
    expect(screen.queryByText(/500/)).toBeNull();
  }, 20_000);

  it('shows a refusal as its message, without the status prefix', async () => {
    const message = 'Too many demo requests from your network. Please try again in 42 minutes.';
    mockApi({
      'POST /api/demo-requests': {
        status: 429,
        body: { success: false, message, code: 'rate_limited', requestId: 'r' },
      },
    });
    renderWithApp(<PricingPage />, { user: null });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Your Demo' });
    await fillDialog(dialog);
    await userEvent.click(within(dialog).getByRole('button', { name: /^Request/ }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByText(/^429/)).toBeNull();
  }, 20_000);
});
