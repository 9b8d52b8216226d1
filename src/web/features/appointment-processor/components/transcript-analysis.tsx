import { useRef, useState } from 'react';
import {
  APPOINTMENT_REQUEST_FIELDS,
  MISSING_TRANSCRIPT,
  PROCESSOR_TEXTS,
  type AnalyzeTranscriptResponse,
  type AppointmentRequest,
  type AppointmentRequestField,
} from '#shared/schemas/processor';
import { APPOINTMENT_TYPES } from '#shared/schemas/schedule';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { messageOf } from '../../../lib/api-client';
import { useAnalyzeTranscript } from '../api/analyze-transcript';
import { useBookRequest, type BookRequestParams } from '../api/book-request';
import { EvidenceTranscript } from './evidence-transcript';
import { FIELD_LABELS, typeLabel } from './labels';

type Draft = Record<AppointmentRequestField, string>;
const toDraft = (request: AppointmentRequest): Draft =>
  Object.fromEntries(APPOINTMENT_REQUEST_FIELDS.map((f) => [f, request[f] ?? ''])) as Draft;
const INPUT_TYPES: Partial<Record<AppointmentRequestField, string>> = {
  email: 'email',
  preferredDate: 'date',
  preferredTime: 'time',
  phoneNumber: 'tel',
};

const toParams = (draft: Draft): BookRequestParams => ({
  appointment_type: draft.appointmentType,
  date: draft.preferredDate,
  time: draft.preferredTime,
  patient_info: {
    name: draft.patientName,
    phone_number: draft.phoneNumber,
    ...(draft.email && { email: draft.email }),
  },
});

/** Paste a transcript, see the detected request and the words behind each field, correct it, book it. */
export function TranscriptAnalysis() {
  const [transcript, setTranscript] = useState('');
  const [result, setResult] = useState<{ text: string; response: AnalyzeTranscriptResponse } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [highlighted, setHighlighted] = useState<AppointmentRequestField | null>(null);
  const analyze = useAnalyzeTranscript();
  const book = useBookRequest();
  // One booking per request as corrected: pressing again (or after a timeout) sends the same key, and a booked
  // request shows its confirmation in place of the button until it is changed.
  const intent = useRef<{ print: string; key: string } | null>(null);
  const [booked, setBooked] = useState<{ print: string; summary: string } | null>(null);
  const draftPrint = draft && JSON.stringify(toParams(draft));

  function onAnalyze() {
    if (!transcript.trim()) {
      toast({
        variant: 'destructive',
        title: MISSING_TRANSCRIPT.title,
        description: MISSING_TRANSCRIPT.message,
      });
      return;
    }
    const text = transcript;
    analyze.mutate(text, {
      onSuccess: (response) => {
        setResult({ text, response });
        setDraft(response.appointmentRequest && toDraft(response.appointmentRequest));
        if (response.appointmentRequest)
          toast({
            title: PROCESSOR_TEXTS.analysisComplete.title,
            description: PROCESSOR_TEXTS.analysisComplete.message,
          });
        else toast({ title: PROCESSOR_TEXTS.noAppointment });
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: PROCESSOR_TEXTS.analysisFailed,
          description: messageOf(error, 'Please try again.'),
        }),
    });
  }

  const ready =
    draft &&
    draft.patientName &&
    draft.phoneNumber &&
    draft.preferredDate &&
    draft.preferredTime &&
    draft.appointmentType;

  function onBook() {
    if (!draft || !ready || !draftPrint) return;
    if (intent.current?.print !== draftPrint)
      intent.current = { print: draftPrint, key: crypto.randomUUID() };
    const print = draftPrint;
    book.mutate(
      { params: toParams(draft), reference: intent.current.key },
      {
        onSuccess: (outcome) => {
          if (outcome.success && 'appointment' in outcome) {
            const summary = `${draft.patientName}, ${outcome.appointment.date} at ${outcome.appointment.time}. Confirmation number ${outcome.appointment.confirmation_number}.`;
            setBooked({ print, summary });
            toast({ title: PROCESSOR_TEXTS.booked, description: summary });
          } else
            toast({
              variant: 'destructive',
              title: PROCESSOR_TEXTS.processingFailed,
              description: outcome.message ?? outcome.error ?? '',
            });
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: PROCESSOR_TEXTS.processingError,
            description: messageOf(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle>Transcript</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <Label htmlFor="processor-transcript">Call transcript</Label>
          <Textarea
            id="processor-transcript"
            rows={10}
            value={transcript}
            placeholder={'AI: Thank you for calling…\nUser: Hi, I would like to book a cleaning…'}
            onChange={(e) => setTranscript(e.target.value)}
          />
          <Button onClick={onAnalyze} pending={analyze.isPending}>
            {analyze.isPending ? 'Analyzing…' : 'Analyze Transcript'}
          </Button>
          {result && (
            <EvidenceTranscript
              transcript={result.text}
              evidence={result.response.evidence}
              highlighted={highlighted}
            />
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Detected request</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          {!result ? (
            <p className="text-slate-600">Analyze a transcript to see the appointment request it holds.</p>
          ) : !draft ? (
            <p className="text-slate-700">{PROCESSOR_TEXTS.noAppointment}</p>
          ) : (
            <>
              <p className="text-sm text-slate-600">
                Hover or focus a field to see the words it came from. Correct anything before booking.
              </p>
              {APPOINTMENT_REQUEST_FIELDS.map((field) => {
                const id = `processor-${field}`;
                const common = {
                  id,
                  value: draft[field],
                  onMouseEnter: () => setHighlighted(field),
                  onMouseLeave: () => setHighlighted(null),
                  onFocus: () => setHighlighted(field),
                  onBlur: () => setHighlighted(null),
                };
                return (
                  <div key={field} className="grid gap-1.5" data-testid={`field-${field}`}>
                    <Label htmlFor={id}>
                      {FIELD_LABELS[field]}
                      {result.response.evidence[field].length === 0 && (
                        <span className="ml-2 text-xs font-normal text-slate-500">not said in the call</span>
                      )}
                    </Label>
                    {field === 'appointmentType' ? (
                      <NativeSelect
                        {...common}
                        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                      >
                        <option value="">Choose a type</option>
                        {APPOINTMENT_TYPES.map((type) => (
                          <option key={type} value={type}>
                            {typeLabel(type)}
                          </option>
                        ))}
                      </NativeSelect>
                    ) : (
                      <Input
                        {...common}
                        type={INPUT_TYPES[field] ?? 'text'}
                        onChange={(e) => setDraft({ ...draft, [field]: e.target.value })}
                      />
                    )}
                  </div>
                );
              })}
              {booked && booked.print === draftPrint ? (
                <p
                  role="status"
                  tabIndex={-1}
                  // It takes the place of the button that had the focus: the keyboard stays here, not on the page.
                  ref={(element) => {
                    if (element && document.activeElement === document.body) element.focus();
                  }}
                  className="rounded-md bg-emerald-50 p-3 text-sm text-emerald-900 focus:outline-none"
                >
                  {PROCESSOR_TEXTS.booked} {booked.summary}
                </p>
              ) : (
                <Button onClick={onBook} disabled={!ready} pending={book.isPending}>
                  {book.isPending ? 'Booking…' : 'Book Appointment'}
                </Button>
              )}
            </>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
