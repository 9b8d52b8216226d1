import { CalendarCheck, PhoneIncoming } from 'lucide-react';

export interface CallPreviewLine {
  speaker: 'caller' | 'assistant';
  text: string;
}

export interface CallPreviewProps {
  caller: string;
  lines: readonly CallPreviewLine[];
  outcome: string;
}

export function CallPreview({ caller, lines, outcome }: CallPreviewProps) {
  return (
    <figure className="mx-auto w-full max-w-md rounded-3xl border border-slate-200 bg-white p-5 shadow-xl sm:p-6">
      <figcaption className="flex items-center gap-3 border-b border-slate-100 pb-4">
        <span className="flex size-10 items-center justify-center rounded-full bg-green-100 text-green-700">
          <PhoneIncoming aria-hidden="true" className="size-5" />
        </span>
        <span>
          <span className="block text-sm font-semibold text-slate-900">Incoming call answered</span>
          <span className="block text-sm text-slate-600">{caller}</span>
        </span>
      </figcaption>
      <ol className="mt-4 space-y-3">
        {lines.map((line, index) => (
          <li key={index} className={line.speaker === 'caller' ? 'flex justify-end' : 'flex justify-start'}>
            <p
              className={
                line.speaker === 'caller'
                  ? 'max-w-[85%] rounded-2xl rounded-br-sm bg-slate-100 px-4 py-2 text-sm text-slate-800'
                  : 'max-w-[85%] rounded-2xl rounded-bl-sm bg-blue-600 px-4 py-2 text-sm text-white'
              }
            >
              <span className="sr-only">{line.speaker === 'caller' ? 'Caller: ' : 'Servc: '}</span>
              {line.text}
            </p>
          </li>
        ))}
      </ol>
      <p className="mt-4 flex items-center gap-2 rounded-xl bg-green-50 px-4 py-3 text-sm font-medium text-green-800">
        <CalendarCheck aria-hidden="true" className="size-5 shrink-0" />
        {outcome}
      </p>
    </figure>
  );
}
