import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AnalyzeTranscriptResponse } from '#shared/schemas/processor';
import { mockApi, pending } from '../../../test/mock-api';
import { renderWithApp } from '../../../test/render';
import { AppointmentProcessorScreen } from './appointment-processor-screen';

const TRANSCRIPT = 'User: Hi, this is Jane Doe. I need a cleaning tomorrow at 10.';
const span = (text: string) => ({
  start: TRANSCRIPT.indexOf(text),
  end: TRANSCRIPT.indexOf(text) + text.length,
});
const ANALYSIS: AnalyzeTranscriptResponse = {
  success: true,
  message: 'Appointment request detected in transcript',
  appointmentRequest: {
    patientName: 'Jane Doe',
    phoneNumber: null,
    email: null,
    preferredDate: '2026-11-24',
    preferredTime: '10:00',
    appointmentType: 'dental_cleaning',
  },
  evidence: {
    patientName: [span('Jane Doe')],
    phoneNumber: [],
    email: [],
    preferredDate: [span('tomorrow')],
    preferredTime: [span('10')],
    appointmentType: [span('cleaning')],
  },
};

async function analyse(reply: { status?: number; body?: unknown }) {
  const api = mockApi({ 'POST /api/analyze-transcript': reply });
  renderWithApp(<AppointmentProcessorScreen />, { route: '/appointment-processor' });
  const user = userEvent.setup();
  // Pasted, as staff do.
  fireEvent.change(screen.getByLabelText('Call transcript'), { target: { value: TRANSCRIPT } });
  await user.click(screen.getByRole('button', { name: 'Analyze Transcript' }));
  return { api, user };
}

/** An ended inbound call as GET /api/calls lists it. */
const endedCall = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  status: 'ended',
  type: 'inboundPhoneCall',
  startedAt: '2026-11-20T15:00:00.000Z',
  endedAt: '2026-11-20T15:02:00.000Z',
  duration: 120,
  endedReason: 'customer-ended-call',
  cost: 0.1,
  customer: { name: 'Nora Quinn', number: '+12125550198' },
  phoneNumber: { id: null, number: null },
  assistant: { id: null, name: null },
  analysis: { successEvaluation: null },
  createdAt: '2026-11-20T15:00:00.000Z',
};

describe('AppointmentProcessorScreen', () => {
  it('shows the three tabs, Transcript Analysis first', () => {
    mockApi({});
    renderWithApp(<AppointmentProcessorScreen />, { route: '/appointment-processor' });
    const tabs = screen.getAllByRole('tab').map((t) => t.textContent);
    expect(tabs).toEqual(['Transcript Analysis', 'Call Processing', 'Batch Processing']);
    expect(screen.getByRole('tab', { name: 'Transcript Analysis' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });

  it('refuses an empty transcript with the spec toast, without asking the server', async () => {
    const api = mockApi({});
    renderWithApp(<AppointmentProcessorScreen />, { route: '/appointment-processor' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Analyze Transcript' }));
    expect(await screen.findByText('Missing Transcript')).toBeTruthy();
    expect(screen.getByText('Please enter a transcript to analyze')).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it('shows the detected fields and highlights the words behind the hovered one', async () => {
    const { api } = await analyse({ body: ANALYSIS });
    expect(await screen.findByText('Analysis Complete')).toBeTruthy();
    expect(api.calls[0]!.body).toEqual({ transcript: TRANSCRIPT, callId: 'manual' });
    const name = screen.getByLabelText('Patient name') as HTMLInputElement;
    expect(name.value).toBe('Jane Doe');
    expect((screen.getByLabelText(/Preferred date/) as HTMLInputElement).value).toBe('2026-11-24');
    expect(within(screen.getByTestId('field-phoneNumber')).getByText('not said in the call')).toBeTruthy();

    const transcript = screen.getByLabelText('Analysed transcript');
    expect(transcript.querySelector('mark[data-highlighted]')).toBeNull();
    fireEvent.mouseEnter(name);
    const marked = [...transcript.querySelectorAll('mark[data-highlighted]')].map((m) => m.textContent);
    expect(marked).toEqual(['Jane Doe']);
    fireEvent.mouseLeave(name);
    expect(transcript.querySelector('mark[data-highlighted]')).toBeNull();
  });

  it('books the corrected request; the book button waits for every required field', async () => {
    const { user } = await analyse({ body: ANALYSIS });
    const bookButton = await screen.findByRole('button', { name: 'Book Appointment' });
    expect((bookButton as HTMLButtonElement).disabled).toBe(true); // no phone number in the call
    const booked = mockApi({
      'POST /webhook': {
        body: {
          success: true,
          appointment: {
            confirmation_number: 'C12345',
            date: '2026-11-24',
            time: '10:00',
            start_time: '2026-11-24T10:00:00',
            provider_id: 'p1',
            provider_name: 'Dr. Patel',
            appointment_type: 'dental_cleaning',
            patient_id: 'x',
            patient_name: 'Janet Doe',
          },
          error: null,
          message: 'Booked.',
        },
      },
    });
    const name = screen.getByLabelText('Patient name');
    fireEvent.change(name, { target: { value: 'Janet Doe' } });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '+12125550198' } });
    await user.click(bookButton);
    expect(await screen.findByText('Appointment Booked!')).toBeTruthy();
    // Booked: the button gives way to the confirmation, so the same request cannot be booked twice.
    expect(screen.queryByRole('button', { name: 'Book Appointment' })).toBeNull();
    const detected = screen.getByText('Detected request').closest('div')!.parentElement!;
    expect(within(detected).getByText(/Confirmation number C12345/)).toBeTruthy();
    // The confirmation takes the pressed button's place, and the keyboard's.
    expect(document.activeElement).toBe(within(detected).getByRole('status'));
    // A corrected request is a new one.
    fireEvent.change(name, { target: { value: 'Janet M. Doe' } });
    expect(screen.getByRole('button', { name: 'Book Appointment' })).toBeTruthy();
    const params = (booked.calls[0]!.body as { functionCall: { parameters: Record<string, unknown> } })
      .functionCall.parameters;
    expect(params).toMatchObject({
      appointment_type: 'dental_cleaning',
      date: '2026-11-24',
      time: '10:00',
      patient_info: { name: 'Janet Doe', phone_number: '+12125550198' },
    });
  });

  it('sends the same Idempotency-Key when the same request is pressed again after a failure', async () => {
    const { user } = await analyse({ body: ANALYSIS });
    const attempts = mockApi({
      'POST /webhook': {
        status: 503,
        body: { message: 'Busy, try again.', code: 'unavailable', requestId: 'r' },
      },
    });
    fireEvent.change(screen.getByLabelText(/^Phone number/), { target: { value: '+12125550198' } });
    const bookButton = screen.getByRole('button', { name: 'Book Appointment' });
    await user.click(bookButton);
    expect(await screen.findByText('Busy, try again.')).toBeTruthy();
    await user.click(bookButton);
    await vi.waitFor(() => expect(attempts.calls).toHaveLength(2));
    const [first, second] = attempts.calls.map((c) => c.headers.get('Idempotency-Key'));
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it('says No Appointment Found when the call asks for none', async () => {
    await analyse({ body: { ...ANALYSIS, message: 'No Appointment Found', appointmentRequest: null } });
    expect(await screen.findAllByText('No Appointment Found')).not.toHaveLength(0);
  });

  it('says Analysis Failed with the server text', async () => {
    await analyse({
      status: 500,
      body: { message: 'Something went wrong.', code: 'internal', requestId: 'r' },
    });
    expect(await screen.findByText('Analysis Failed')).toBeTruthy();
  });

  it('shows the server text of a refusal without its status code', async () => {
    await analyse({
      status: 400,
      body: {
        message: 'The transcript is too long (at most 100,000 characters)',
        code: 'validation_failed',
        requestId: 'r',
      },
    });
    expect(await screen.findByText('Analysis Failed')).toBeTruthy();
    expect(screen.getByText('The transcript is too long (at most 100,000 characters)')).toBeTruthy();
    expect(screen.queryByText(/^\d{3}: /)).toBeNull();
  });

  it('shows a failed booking, processing or batch without status codes', async () => {
    const { user } = await analyse({
      body: {
        ...ANALYSIS,
        appointmentRequest: { ...ANALYSIS.appointmentRequest!, phoneNumber: '+12125550198' },
      },
    });
    mockApi({
      'POST /webhook': {
        status: 409,
        body: { message: 'The practice is closed on that day.', code: 'conflict', requestId: 'r' },
      },
      'GET /api/calls': { body: { calls: [] } },
      'GET /api/call-processing': {
        status: 503,
        body: { message: 'Schedule offline', code: 'unavailable', requestId: 'r' },
      },
      'POST /api/process-pending-appointments': {
        status: 503,
        body: { message: 'Schedule offline', code: 'unavailable', requestId: 'r' },
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Book Appointment' }));
    expect(await screen.findByText('Processing Error')).toBeTruthy();
    expect(screen.getByText('The practice is closed on that day.')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Call Processing' }));
    expect(await screen.findByText('Could not load calls. Schedule offline')).toBeTruthy();

    await user.click(screen.getByRole('tab', { name: 'Batch Processing' }));
    await user.click(screen.getByRole('button', { name: 'Process Recent Calls' }));
    expect(await screen.findByText('Batch Processing Failed')).toBeTruthy();
    expect(screen.getAllByText('Schedule offline')).not.toHaveLength(0);
    expect(screen.queryByText(/\d{3}: /)).toBeNull();
  });

  it('says Processing Error with the server text when a call cannot be processed', async () => {
    const id = endedCall.id;
    mockApi({
      'GET /api/calls': {
        body: {
          calls: [endedCall],
        },
      },
      'GET /api/call-processing': {
        body: {
          calls: [
            {
              callId: id,
              state: 'needs_callback',
              processed: false,
              confirmationNumber: null,
              reason: 'Not processed yet',
            },
          ],
        },
      },
      [`POST /api/call/${id}/process-appointment`]: {
        status: 409,
        body: { message: 'The practice is closed on that day.', code: 'conflict', requestId: 'r' },
      },
    });
    renderWithApp(<AppointmentProcessorScreen />, { route: '/appointment-processor' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Call Processing' }));
    await user.click(await screen.findByRole('button', { name: 'Process call aaaaaaaa' }));
    expect(await screen.findByText('Processing Error')).toBeTruthy();
    expect(screen.getByText('The practice is closed on that day.')).toBeTruthy();
    expect(screen.queryByText(/\d{3}: /)).toBeNull();
  });

  it('lists ended calls with their state and processes one', async () => {
    const call = endedCall;
    const api = mockApi({
      'GET /api/calls': { body: { calls: [call] } },
      'GET /api/call-processing': {
        body: {
          calls: [
            {
              callId: call.id,
              state: 'needs_callback',
              processed: false,
              confirmationNumber: null,
              reason: 'Not processed yet',
            },
          ],
        },
      },
      'POST /api/call/aaaaaaaa-0000-4000-8000-000000000001/process-appointment': {
        body: {
          success: true,
          message: 'Booked. Confirmation number C777.',
          appointment: { confirmationNumber: 'C777' },
        },
      },
    });
    renderWithApp(<AppointmentProcessorScreen />, { route: '/appointment-processor' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Call Processing' }));
    const row = await screen.findByTestId('processor-call-row');
    expect(within(row).getByText('Nora Quinn')).toBeTruthy();
    // A request nobody processed yet is ready to book, not a failure.
    expect(within(row).getByText('Ready to book')).toBeTruthy();
    expect(within(row).queryByText('Needs a callback')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Process call aaaaaaaa' }));
    expect(await screen.findByText('Appointment Booked!')).toBeTruthy();
    expect(api.calls.some((c) => c.method === 'POST' && c.path.endsWith('/process-appointment'))).toBe(true);
  });

  it('shows batch progress, then the totals (booked during the call apart) and a line per call', async () => {
    let answer: (value: unknown) => void = () => undefined;
    mockApi({
      'POST /api/process-pending-appointments': () =>
        new Promise((resolve) => {
          answer = resolve;
        }) as never,
      'GET /api/call-processing': pending,
    });
    renderWithApp(<AppointmentProcessorScreen />, { route: '/appointment-processor' });
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Batch Processing' }));
    await user.click(screen.getByRole('button', { name: 'Process Recent Calls' }));
    expect(await screen.findByText('Processing the most recent calls')).toBeTruthy();
    const call = (id: string, name: string | null, number: string | null) => ({
      callId: `${id}0000000-0000-4000-8000-000000000000`,
      caller: { name, number },
      startedAt: '2026-11-23T15:02:00.000Z',
    });
    answer({
      body: {
        success: true,
        summary: { total: 4, successful: 1, alreadyBooked: 2, failed: 1 },
        results: {
          successful: [
            {
              ...call('c1', 'Nora Quinn', '+12125550198'),
              confirmationNumber: 'C1',
              details: { type: 'dental_cleaning', date: '2026-11-24', time: '10:00' },
            },
          ],
          alreadyBooked: [call('b1', 'Ada Byrne', null), call('b2', null, '+12125550112')],
          failed: [{ ...call('f1', null, null), reason: 'No Appointment Found' }],
        },
      },
    });
    expect(await screen.findByText('Batch Processing Complete')).toBeTruthy();
    expect(screen.getByText('1 booked, 2 already booked, 1 failed')).toBeTruthy();
    const lines = screen.getAllByTestId('batch-result').map((li) => li.textContent);
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^Nora Quinn · call c1000000, Nov 23, \d+:02 [AP]M: Booked C1 · Dental Cleaning · 2026-11-24 10:00$/,
    );
    expect(lines[1]).toMatch(/^Ada Byrne · call b1000000, .*: Already booked by the caller during the call/);
    expect(lines[2]).toMatch(/^\+12125550112 · call b2000000, .*: Already booked/);
    expect(lines[3]).toMatch(/^Unknown caller · call f1000000, .*: Not booked: No Appointment Found$/);
    const totals = screen.getByText('Already booked', { selector: 'dt' }).parentElement!;
    expect(totals.textContent).toBe('Already booked2');
  });
});
