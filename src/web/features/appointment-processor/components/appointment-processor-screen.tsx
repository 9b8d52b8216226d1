import { useState } from 'react';
import { PageHeader } from '../../../components/page-header';
import { cn } from '../../../lib/cn';
import { BatchProcessing } from './batch-processing';
import { CallProcessing } from './call-processing';
import { TranscriptAnalysis } from './transcript-analysis';

const TABS = [
  { id: 'analysis', label: 'Transcript Analysis' },
  { id: 'calls', label: 'Call Processing' },
  { id: 'batch', label: 'Batch Processing' },
] as const;
type Tab = (typeof TABS)[number]['id'];

/** Admin screen: turn call transcripts into bookings (part 2, section 2). */
export function AppointmentProcessorScreen() {
  const [tab, setTab] = useState<Tab>('analysis');
  return (
    <div className="space-y-6">
      <PageHeader
        title="Appointment Processor"
        description="Find appointment requests in call transcripts, with the words behind every field, and book them."
      />
      <div role="tablist" aria-label="Appointment Processor" className="flex gap-2 border-b border-slate-200">
        {TABS.map((t) => (
          <button
            key={t.id}
            type="button"
            role="tab"
            id={`processor-tab-${t.id}`}
            aria-selected={tab === t.id}
            aria-controls={`processor-panel-${t.id}`}
            onClick={() => setTab(t.id)}
            className={cn(
              '-mb-px border-b-2 px-4 py-2 text-sm font-medium',
              tab === t.id
                ? 'border-blue-600 text-blue-700'
                : 'border-transparent text-slate-600 hover:text-slate-900',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`processor-panel-${tab}`} aria-labelledby={`processor-tab-${tab}`}>
        {tab === 'analysis' ? (
          <TranscriptAnalysis />
        ) : tab === 'calls' ? (
          <CallProcessing />
        ) : (
          <BatchProcessing />
        )}
      </div>
    </div>
  );
}
