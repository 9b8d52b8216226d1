import { MessageSquare } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { CallDetail, CostBreakdown } from '#shared/schemas/calls';
import { formatDuration } from '#shared/format';
import { Alert } from '../../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { useCall } from '../api/get-call';
import { CallStatusBadge } from './call-status-badge';
import {
  callTypeLabel,
  cutLogMessage,
  endedReasonLabel,
  formatCost,
  parseTranscript,
  shortId,
  successEvaluationLabel,
} from '../lib/call-format';
import { formatPracticeTime } from '../../../lib/practice-time';

export const CALL_TABS = ['Overview', 'Transcript', 'Recording', 'Analysis', 'Logs', 'Call Cost'] as const;
type Tab = (typeof CALL_TABS)[number];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Empty({ children }: { children: string }) {
  return <p className="py-8 text-center text-sm text-slate-500">{children}</p>;
}

/** What each tab is given: the call, and the practice's time zone its times are shown in (as in the list). */
interface TabProps {
  call: CallDetail;
  timeZone: string | undefined;
}

function OverviewTab({ call, timeZone }: TabProps) {
  return (
    <dl className="grid grid-cols-2 gap-4">
      <Field label="Status">
        <CallStatusBadge status={call.status} />
      </Field>
      <Field label="Type">{callTypeLabel(call.type)}</Field>
      <Field label="Started">{formatPracticeTime(call.startedAt, timeZone)}</Field>
      <Field label="Ended">{formatPracticeTime(call.endedAt, timeZone)}</Field>
      <Field label="Duration">{formatDuration(call.duration)}</Field>
      <Field label="Ended reason">{endedReasonLabel(call.endedReason)}</Field>
      <Field label="Customer">
        {call.customer.name ?? '–'}
        <br />
        {call.customer.number ?? '–'}
      </Field>
      <Field label="Assistant">
        {call.assistant.name ?? '–'} <span className="text-slate-500">({shortId(call.assistant.id)})</span>
      </Field>
      <Field label="Phone number">{call.phoneNumber.number ?? '–'}</Field>
      <Field label="Cost">{formatCost(call.cost)}</Field>
      <Field label="Success evaluation">{successEvaluationLabel(call.analysis.successEvaluation)}</Field>
      <Field label="Call ID">
        <span className="break-all font-mono text-xs">{call.id}</span>
      </Field>
    </dl>
  );
}

function TranscriptTab({ call }: { call: CallDetail }) {
  const lines = parseTranscript(call.transcript);
  if (!lines.length) return <Empty>No transcript available for this call</Empty>;
  return (
    <ol className="grid gap-2" aria-label="Transcript">
      {lines.map((line, index) => (
        <li
          key={index}
          className={cn(
            'max-w-[85%] rounded-lg px-3 py-2 text-sm',
            line.speaker === 'AI'
              ? 'justify-self-start bg-slate-100'
              : 'justify-self-end bg-blue-600 text-white',
          )}
        >
          <span className="block text-xs font-semibold opacity-75">{line.speaker}</span>
          {line.text}
        </li>
      ))}
    </ol>
  );
}

function RecordingTab({ call }: { call: CallDetail }) {
  const links = [
    ['Download mono recording', call.recordingUrl],
    ['Download stereo recording', call.stereoRecordingUrl],
    ['Download PCAP', call.artifact.pcapUrl],
  ] as const;
  if (!links.some(([, href]) => href)) return <Empty>No recording available for this call</Empty>;
  return (
    <div className="grid gap-3">
      {call.recordingUrl && (
        <audio controls preload="none" src={call.recordingUrl} className="w-full">
          <track kind="captions" />
        </audio>
      )}
      <p className="text-sm text-slate-600">Recording format: 16-bit 8 kHz mono WAV.</p>
      <ul className="grid gap-1 text-sm">
        {links.map(([label, href]) =>
          href ? (
            <li key={label}>
              <a
                className="text-blue-700 underline"
                href={href}
                target="_blank"
                rel="noreferrer noopener"
                download
              >
                {label}
              </a>
            </li>
          ) : null,
        )}
      </ul>
    </div>
  );
}

function AnalysisTab({ call }: { call: CallDetail }) {
  const { summary, successEvaluation } = call.analysis;
  if (!summary && successEvaluation === null) return <Empty>No analysis data available for this call</Empty>;
  return (
    <dl className="grid gap-4">
      <Field label="Summary">{summary ?? '–'}</Field>
      <Field label="Success evaluation">{successEvaluationLabel(successEvaluation)}</Field>
    </dl>
  );
}

function LogsTab({ call }: { call: CallDetail }) {
  if (!call.messages.length) return <Empty>No logs available for this call</Empty>;
  return (
    <ol className="grid gap-1 font-mono text-xs" aria-label="Logs">
      {call.messages.map((message, index) => (
        <li key={index} className="rounded bg-slate-50 px-2 py-1">
          <span className="text-slate-500">
            {message.timestamp ? new Date(message.timestamp).toLocaleTimeString() : '–'} [{message.type}]
          </span>{' '}
          {cutLogMessage(message.content)}
        </li>
      ))}
    </ol>
  );
}

const COST_ROWS: [keyof CostBreakdown, string][] = [
  ['transport', 'Transport'],
  ['stt', 'Speech-to-text'],
  ['llm', 'Language model'],
  ['tts', 'Text-to-speech'],
  ['vapi', 'Platform fee'],
];

/**
 * The sandbox caller's breakdown: every amount and count zero (a call on the voice platform always carries at
 * least its platform fee), so a table of N/A would say nothing.
 */
function isNoCharge(call: CallDetail): boolean {
  const b = call.costBreakdown;
  if (!b || call.cost) return false;
  const values = [
    ...COST_ROWS.map(([key]) => b[key] as number | undefined),
    b.total,
    b.llmPromptTokens,
    b.llmCompletionTokens,
    b.ttsCharacters,
    b.analysisCostBreakdown?.summary,
  ];
  return b.total === 0 && values.every((value) => !value);
}

function CostTab({ call }: { call: CallDetail }) {
  const breakdown = call.costBreakdown;
  if (!breakdown) return <Empty>No cost breakdown available for this call</Empty>;
  if (isNoCharge(call))
    return (
      <div className="grid gap-1">
        <p className="text-lg font-semibold">Simulated call: no charge</p>
        <p className="text-sm text-slate-600">
          The built-in call simulator places no real call, so nothing is billed.
        </p>
      </div>
    );
  return (
    <div className="grid gap-3">
      <p className="text-lg font-semibold">Total: {formatCost(breakdown.total ?? call.cost)}</p>
      <table className="w-full text-sm">
        <tbody>
          {COST_ROWS.map(([key, label]) => (
            <tr key={key} className="border-b border-slate-100">
              <th scope="row" className="py-1 text-left font-normal text-slate-600">
                {label}
              </th>
              <td className="py-1 text-right">{formatCost(breakdown[key] as number | undefined)}</td>
            </tr>
          ))}
          <tr className="border-b border-slate-100">
            <th scope="row" className="py-1 text-left font-normal text-slate-600">
              Analysis (summary)
            </th>
            <td className="py-1 text-right">{formatCost(breakdown.analysisCostBreakdown?.summary)}</td>
          </tr>
          <tr className="border-b border-slate-100">
            <th scope="row" className="py-1 text-left font-normal text-slate-600">
              Prompt / completion tokens
            </th>
            <td className="py-1 text-right">
              {breakdown.llmPromptTokens ?? '–'} / {breakdown.llmCompletionTokens ?? '–'}
            </td>
          </tr>
          <tr>
            <th scope="row" className="py-1 text-left font-normal text-slate-600">
              TTS characters
            </th>
            <td className="py-1 text-right">{breakdown.ttsCharacters ?? '–'}</td>
          </tr>
        </tbody>
      </table>
    </div>
  );
}

const TAB_CONTENT: Record<Tab, (props: TabProps) => ReactNode> = {
  Overview: OverviewTab,
  Transcript: TranscriptTab,
  Recording: RecordingTab,
  Analysis: AnalysisTab,
  Logs: LogsTab,
  'Call Cost': CostTab,
};

/** The call dialog: one call read when its row is opened, in six tabs. */
export function CallDetailsDialog({
  callId,
  timeZone,
  onClose,
  messagesLink,
}: {
  callId: string | null;
  /** The practice's, from the list: the dialog shows times as the list does (absent: the browser's, named). */
  timeZone?: string;
  onClose(): void;
  /** The caller's texts in Messages; absent when the viewer may not use Messages. */
  messagesLink?: (phoneNumber: string | null) => string | null;
}) {
  const query = useCall(callId);
  const [tab, setTab] = useState<Tab>('Overview');
  const call = query.data?.call;
  const Content = TAB_CONTENT[tab];
  const messagesHref = call && messagesLink ? messagesLink(call.customer.number) : null;

  return (
    <Dialog
      open={callId !== null}
      onOpenChange={(open) => {
        if (!open) {
          setTab('Overview');
          onClose();
        }
      }}
    >
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Call {shortId(callId)}</DialogTitle>
          <DialogDescription>
            {call ? formatPracticeTime(call.startedAt ?? call.createdAt, timeZone) : 'Call details'}
          </DialogDescription>
          {messagesHref && (
            <Link
              to={messagesHref}
              className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 hover:underline"
              aria-label={`Messages with ${call?.customer.name ?? call?.customer.number ?? 'this caller'}`}
            >
              <MessageSquare className="h-4 w-4" aria-hidden="true" />
              Messages
            </Link>
          )}
        </DialogHeader>
        {query.isPending ? (
          <Spinner />
        ) : query.isError || !call ? (
          <Alert variant="destructive">Failed to load call details</Alert>
        ) : (
          <>
            <div
              role="tablist"
              aria-label="Call details"
              className="flex flex-wrap gap-1 border-b border-slate-200"
            >
              {CALL_TABS.map((name) => (
                <button
                  key={name}
                  type="button"
                  role="tab"
                  id={`call-tab-${name}`}
                  aria-selected={tab === name}
                  aria-controls="call-tab-panel"
                  onClick={() => setTab(name)}
                  className={cn(
                    '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
                    tab === name
                      ? 'border-blue-600 text-blue-700'
                      : 'border-transparent text-slate-600 hover:text-slate-900',
                  )}
                >
                  {name}
                </button>
              ))}
            </div>
            {/* One height for every tab, the long ones scrolling inside: the centred dialog does not jump. */}
            <div
              role="tabpanel"
              id="call-tab-panel"
              aria-labelledby={`call-tab-${tab}`}
              tabIndex={0}
              className="h-[min(28rem,60vh)] overflow-y-auto [scrollbar-gutter:stable]"
            >
              <Content call={call} timeZone={timeZone} />
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
