import type { AppointmentRequestField, Evidence } from '#shared/schemas/processor';
import { cn } from '../../../lib/cn';

interface Segment {
  text: string;
  fields: AppointmentRequestField[];
}

/** The transcript cut at every evidence boundary, each piece knowing which fields it backs. */
export function segments(transcript: string, evidence: Evidence): Segment[] {
  const cuts = new Set([0, transcript.length]);
  for (const ranges of Object.values(evidence))
    for (const r of ranges) {
      cuts.add(Math.max(0, Math.min(r.start, transcript.length)));
      cuts.add(Math.max(0, Math.min(r.end, transcript.length)));
    }
  const points = [...cuts].sort((a, b) => a - b);
  const out: Segment[] = [];
  for (let i = 0; i < points.length - 1; i++) {
    const [start, end] = [points[i]!, points[i + 1]!];
    const fields = (Object.keys(evidence) as AppointmentRequestField[]).filter((field) =>
      evidence[field].some((r) => r.start <= start && r.end >= end),
    );
    out.push({ text: transcript.slice(start, end), fields });
  }
  return out;
}

/** The analysed transcript with the words behind each field marked; the hovered field's words stand out. */
export function EvidenceTranscript({
  transcript,
  evidence,
  highlighted,
}: {
  transcript: string;
  evidence: Evidence;
  highlighted: AppointmentRequestField | null;
}) {
  return (
    <pre
      aria-label="Analysed transcript"
      className="max-h-96 overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-sans text-sm whitespace-pre-wrap text-slate-800"
    >
      {segments(transcript, evidence).map((segment, i) =>
        segment.fields.length === 0 ? (
          <span key={i}>{segment.text}</span>
        ) : (
          <mark
            key={i}
            data-fields={segment.fields.join(' ')}
            data-highlighted={highlighted && segment.fields.includes(highlighted) ? 'true' : undefined}
            className={cn(
              'rounded-sm bg-transparent text-inherit underline decoration-blue-300 decoration-2 underline-offset-2',
              highlighted && segment.fields.includes(highlighted) && 'bg-yellow-200 decoration-yellow-600',
            )}
          >
            {segment.text}
          </mark>
        ),
      )}
    </pre>
  );
}
