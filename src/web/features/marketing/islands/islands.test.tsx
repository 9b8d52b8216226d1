import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { heldReply, mockApi } from '../../../test/mock-api';
import { DemoDialog } from '../components/demo-dialog';
import { PublicLayout } from '../components/public-layout';
import { PricingPage } from '../pages/pricing-page';
import { mountDemoDialog } from './demo-dialog';
import { mountMobileMenu } from './mobile-menu';

// jsdom has <dialog> (and hides it while closed) but not its methods; the browser's own are in e2e/marketing.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close = function (this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

let unmount: () => void;
let unmountMenu: () => void;
/** The pricing page as prerender-entry.tsx writes it (its markup, never hydrated), with its islands wired. */
beforeEach(() => {
  document.body.innerHTML = renderToString(
    <>
      <PublicLayout currentPath="/pricing">
        <PricingPage />
      </PublicLayout>
      <DemoDialog />
    </>,
  );
  unmountMenu = mountMobileMenu();
  unmount = mountDemoDialog();
});
afterEach(() => {
  unmount();
  unmountMenu();
  document.body.innerHTML = '';
  document.head.querySelectorAll('style').forEach((style) => style.remove());
});

async function fill(dialog: HTMLElement) {
  await userEvent.type(within(dialog).getByLabelText('Name'), 'Dr. Jane Smith');
  await userEvent.type(within(dialog).getByLabelText('Email'), 'jane@smiledental.example');
  await userEvent.type(within(dialog).getByLabelText('Mobile'), '(555) 123-4567');
  await userEvent.selectOptions(within(dialog).getByLabelText('Solution'), 'dental-practices');
}

const submit = (dialog: HTMLElement) =>
  userEvent.click(within(dialog).getByRole('button', { name: /^Request/ }));

describe('the demo dialog island', () => {
  it('Start Free Trial opens the dialog worded for the trial and sends a trial request', async () => {
    const api = mockApi({
      'POST /api/demo-requests': { status: 201, body: { success: true, message: 'Thanks for the trial.' } },
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    const dialog = screen.getByRole('dialog', { name: 'Start Your Free Trial' });
    await fill(dialog);
    await submit(dialog);
    expect(
      await within(dialog).findByRole('heading', { name: 'Free Trial Request Submitted!' }),
    ).toBeTruthy();
    expect(within(dialog).getByRole('status').textContent).toContain('Thanks for the trial.');
    expect(api.calls.find((c) => c.path === '/api/demo-requests')?.body).toEqual({
      name: 'Dr. Jane Smith',
      email: 'jane@smiledental.example',
      mobile: '(555) 123-4567',
      solution: 'dental-practices',
      website: '',
      kind: 'trial',
      sourcePage: '/',
    });
  });

  it('Schedule a Demo stays a demo request, and opening again starts from an empty form', async () => {
    const api = mockApi({
      'POST /api/demo-requests': { status: 201, body: { success: true, message: 'Ok.' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Start Free Trial' }));
    await fill(screen.getByRole('dialog'));
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = screen.getByRole('dialog', { name: 'Book Your Demo' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('');
    await fill(dialog);
    await submit(dialog);
    expect(await within(dialog).findByRole('heading', { name: 'Demo Request Submitted!' })).toBeTruthy();
    expect(api.calls.map((c) => (c.body as { kind: string }).kind)).toEqual(['demo']);
  });

  it("shows the schema's message under each field without a request, and a field loses its message as it is typed in", async () => {
    const api = mockApi({});
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = screen.getByRole('dialog');
    await submit(dialog);
    for (const [label, message] of [
      ['Name', 'Name is required'],
      ['Email', 'Please enter a valid email address'],
      ['Mobile', 'Please enter a valid mobile number'],
      ['Solution', 'Please select a solution'],
    ] as const) {
      const field = within(dialog).getByLabelText(label);
      expect(await within(dialog).findByText(message)).toBeTruthy();
      expect(field.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(field.getAttribute('aria-describedby')!)?.textContent).toBe(message);
    }
    expect(document.activeElement).toBe(within(dialog).getByLabelText('Name'));
    await userEvent.type(within(dialog).getByLabelText('Name'), 'D');
    expect(within(dialog).queryByText('Name is required')).toBeNull();
    expect(within(dialog).getByText('Please select a solution')).toBeTruthy();
    expect(api.calls).toEqual([]);
  });

  it('never shows a 500 on the public form: a server fault reads "Please try again later." and keeps the entries', async () => {
    mockApi({
      'POST /api/demo-requests': {
        status: 500,
        body: { success: false, message: 'Something went wrong', code: 'internal_error', requestId: 'r' },
      },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = screen.getByRole('dialog');
    await fill(dialog);
    await submit(dialog);
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toBe('Submission FailedPlease try again later.');
    expect(within(dialog).getByLabelText<HTMLInputElement>('Email').value).toBe('jane@smiledental.example');
    expect(within(dialog).getByRole('button', { name: 'Request Demo' })).toHaveProperty('disabled', false);
  });

  it('shows a refusal as its message, without the status', async () => {
    const message = 'Too many demo requests from your network. Please try again in 42 minutes.';
    mockApi({
      'POST /api/demo-requests': { status: 429, body: { success: false, message, code: 'rate_limited' } },
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = screen.getByRole('dialog');
    await fill(dialog);
    await submit(dialog);
    expect(await within(dialog).findByText(message)).toBeTruthy();
    expect(within(dialog).queryByText(/429/)).toBeNull();
  });

  it("confirms with the server's message, or the spec's words when it has none", async () => {
    let message: string | undefined = 'Thank you! Our team will contact you within one business day.';
    mockApi({ 'POST /api/demo-requests': () => ({ status: 201, body: { success: true, message } }) });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    await fill(screen.getByRole('dialog'));
    await submit(screen.getByRole('dialog'));
    expect((await screen.findByRole('status')).textContent).toContain('within one business day');
    expect(screen.getByRole('status').textContent).not.toContain('Thank you for your interest');

    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    message = undefined;
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    await fill(screen.getByRole('dialog'));
    await submit(screen.getByRole('dialog'));
    await screen.findByRole('heading', { name: 'Demo Request Submitted!' });
    expect(screen.getByRole('status').textContent).toContain("We'll be in touch with you soon.");
  });

  it('a request still on its way when the dialog was closed leaves the next opening alone', async () => {
    const held = heldReply();
    mockApi({
      'POST /api/demo-requests': held.route,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    await fill(screen.getByRole('dialog'));
    await submit(screen.getByRole('dialog'));
    expect(screen.getByRole('button', { name: 'Submitting...' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));

    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = screen.getByRole('dialog', { name: 'Book Your Demo' });
    await userEvent.type(within(dialog).getByLabelText('Name'), 'Dr. Sam Ortiz');
    held.answer({ status: 500, body: { success: false, message: 'Something went wrong' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Request Demo' })).toHaveProperty('disabled', false);
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Dr. Sam Ortiz');
  });

  it('closes on a press and release on the backdrop, not on a selection dragged out of a field', async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Schedule a Demo' }));
    const dialog = screen.getByRole('dialog');
    const name = within(dialog).getByLabelText('Name');
    await userEvent.pointer([
      { keys: '[MouseLeft>]', target: name },
      { target: dialog },
      { keys: '[/MouseLeft]' },
    ]);
    expect(screen.getByRole('dialog')).toBe(dialog);
    await userEvent.pointer({ keys: '[MouseLeft]', target: dialog });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it("locks the page's scroll while open, with the page's nonce, and gives focus back to its button", async () => {
    document.head.insertAdjacentHTML('beforeend', '<meta name="csp-nonce" content="abc123nonce" />');
    const button = screen.getByRole('button', { name: 'Schedule a Demo' });
    await userEvent.click(button);
    const lock = document.head.querySelector('style');
    expect(lock?.getAttribute('nonce')).toBe('abc123nonce');
    expect(lock?.textContent).toContain('overflow:hidden');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(document.head.querySelector('style')).toBeNull();
    expect(document.activeElement).toBe(button);
    document.head.querySelector('meta[name="csp-nonce"]')?.remove();
  });
});

describe('the mobile menu island', () => {
  it('shows and hides the menu from its button', async () => {
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(menu.hidden).toBe(true);
    await userEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(within(menu).getByRole('link', { name: 'Pricing' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(toggle);
    expect(menu.hidden).toBe(true);
  });

  it('closes on Escape, giving the focus back to its button, and on a press outside it', async () => {
    const toggle = screen.getByRole('button', { name: 'Menu' });
    const menu = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    await userEvent.click(toggle);
    await userEvent.tab();
    expect(menu.contains(document.activeElement)).toBe(true);
    await userEvent.keyboard('{Escape}');
    expect(menu.hidden).toBe(true);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);

    await userEvent.click(toggle);
    await userEvent.click(within(menu).getByRole('link', { name: 'Pricing' }).closest('nav') ?? menu);
    expect(menu.hidden).toBe(false);
    await userEvent.click(screen.getByRole('main'));
    expect(menu.hidden).toBe(true);
  });
});
