import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useMemo, useRef, useState } from 'react';
import type { Assistant } from '#shared/schemas/assistants';
import type { PhoneNumber } from '#shared/schemas/phone-numbers';
import type { SkippedPatient } from '#shared/schemas/outbound-calls';
import { RECALL_MESSAGES as R, type RecallPatient } from '#shared/schemas/recall';
import { ListStates } from '../../../components/list-states';
import { toastError, toastSuccess } from '../../../components/mutation-toasts';
import { SearchField } from '../../../components/search-field';
import { SelectField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { messageOf } from '../../../lib/api-client';
import { formatNational, phoneNumberTitle } from '../../phone-numbers';
import { useCallRecallPatients } from '../api/call-recall-patients';
import { useRecall } from '../api/get-recall';
import { useTextRecallPatients } from '../api/text-recall-patients';

type SortKey = 'name' | 'last_visit' | 'months_overdue';
interface Sort {
  key: SortKey;
  ascending: boolean;
}

const COLUMNS: { key: SortKey; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'last_visit', label: 'Last visit' },
  { key: 'months_overdue', label: 'Months overdue' },
];

/** Name (any case) or digits of the phone number, as the server's `q`. */
export function matchesRecall(patient: RecallPatient, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const digits = text.replace(/\D/g, '');
  return (
    patient.name.toLowerCase().includes(text) ||
    (digits.length > 0 && (patient.phone_number ?? '').replace(/\D/g, '').includes(digits))
  );
}

export function sortRecall(patients: readonly RecallPatient[], { key, ascending }: Sort): RecallPatient[] {
  const compare = (a: RecallPatient, b: RecallPatient) =>
    key === 'months_overdue'
      ? a.months_overdue - b.months_overdue || b.last_visit.localeCompare(a.last_visit)
      : a[key].localeCompare(b[key]);
  return [...patients].sort(
    (a, b) => (ascending ? compare(a, b) : compare(b, a)) || a.id.localeCompare(b.id),
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** The success toast's words: how many were queued, and who was left out and why. */
function queuedText(count: number, what: string, skipped: SkippedPatient[]): string {
  const left =
    skipped.length === 0
      ? ''
      : skipped.length === 1
        ? ` ${skipped[0]!.reason}`
        : ` ${plural(skipped.length, 'patient')} were left out (already reached recently, no number, or the day's limit).`;
  return `${plural(count, what)} queued.${left}`;
}

/**
 * Recall (issue 24): the patients due for their routine visit (last kept cleaning or checkup longer ago than
 * the practice's interval, nothing booked), searchable and sortable, to call with the receptionist (who can
 * book them in the call) or to text. Below the spec's three cards, for whoever may use Outbound Calls.
 */
export function RecallSection({
  assistants,
  phoneNumbers,
}: {
  assistants: Assistant[];
  phoneNumbers: PhoneNumber[];
}) {
  const query = useRecall();
  const calling = useCallRecallPatients();
  const texting = useTextRecallPatients();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<Sort>({ key: 'months_overdue', ascending: false });
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const [assistantId, setAssistantId] = useState('');
  const [phoneNumberId, setPhoneNumberId] = useState('');
  const id = useId();
  // One Idempotency-Key per intended action: the same patients asked again after a failure reuse it.
  const intent = useRef<{ print: string; key: string } | null>(null);
  const keyFor = (print: string) => {
    if (intent.current?.print !== print) intent.current = { print, key: crypto.randomUUID() };
    return intent.current.key;
  };

  const patients = useMemo(() => query.data?.patients ?? [], [query.data]);
  const shown = useMemo(
    () =>
      sortRecall(
        patients.filter((p) => matchesRecall(p, search)),
        sort,
      ),
    [patients, search, sort],
  );
  const callable = shown.filter((p) => p.phone_number);
  // Only patients still on the list count (one booked meanwhile drops off).
  const chosen = patients.filter((p) => selected.has(p.id)).map((p) => p.id);
  const busy = calling.isPending || texting.isPending;
  const allShown = callable.length > 0 && callable.every((p) => selected.has(p.id));

  const toggle = (patientId: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(patientId);
    else next.delete(patientId);
    setSelected(next);
  };
  const toggleAll = (on: boolean) => {
    const next = new Set(selected);
    for (const p of callable) {
      if (on) next.add(p.id);
      else next.delete(p.id);
    }
    setSelected(next);
  };
  const sortBy = (key: SortKey) =>
    // First by name A–Z, by the oldest visit, by the most months overdue.
    setSort((s) =>
      s.key === key ? { key, ascending: !s.ascending } : { key, ascending: key !== 'months_overdue' },
    );

  const done = () => {
    intent.current = null;
    setSelected(new Set());
    void query.refetch();
  };
  const callSelected = () => {
    if (busy || chosen.length === 0) return;
    const body = {
      patient_ids: chosen,
      ...(assistantId && { assistant_id: assistantId }),
      ...(phoneNumberId && { phone_number_id: phoneNumberId }),
    };
    calling.mutate(
      { body, idempotencyKey: keyFor(JSON.stringify(['call', body])) },
      {
        onSuccess: (result) => {
          toastSuccess(queuedText(result.calls.length, 'recall call', result.skipped));
          done();
        },
        onError: (error) => toastError(messageOf(error, 'The recall calls could not be queued.')),
      },
    );
  };
  const textSelected = () => {
    if (busy || chosen.length === 0) return;
    const body = { patient_ids: chosen };
    texting.mutate(
      { body, idempotencyKey: keyFor(JSON.stringify(['text', body])) },
      {
        onSuccess: (result) => {
          toastSuccess(queuedText(result.texts, 'recall text', result.skipped));
          done();
        },
        onError: (error) => toastError(messageOf(error, 'The recall texts could not be sent.')),
      },
    );
  };

  return (
    <Card role="region" aria-labelledby={`${id}-title`}>
      <CardHeader>
        <CardTitle id={`${id}-title`}>Recall</CardTitle>
        <CardDescription>
          Patients due for their routine visit: their last cleaning or checkup is longer ago than the
          practice&apos;s recall interval and nothing is booked. The receptionist can book them during the
          call. {selected.size > 0 && `${chosen.length} selected.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <SearchField
            className="min-w-48"
            label="Search recall patients"
            placeholder="Name or phone"
            value={search}
            onChange={setSearch}
          />
          <SelectField
            label="Recall assistant"
            className="min-w-40"
            value={assistantId}
            onChange={(e) => setAssistantId(e.target.value)}
            emptyLabel="As in the settings"
            options={assistants.map((a) => ({ value: a.id, label: a.name }))}
          />
          <SelectField
            label="Recall phone number"
            className="min-w-40"
            value={phoneNumberId}
            onChange={(e) => setPhoneNumberId(e.target.value)}
            emptyLabel="As in the settings"
            options={phoneNumbers.map((n) => ({ value: n.id, label: phoneNumberTitle(n) }))}
          />
          <Button onClick={callSelected} disabled={chosen.length === 0} pending={busy}>
            {calling.isPending ? 'Calling...' : `Call selected${chosen.length ? ` (${chosen.length})` : ''}`}
          </Button>
          <Button variant="outline" onClick={textSelected} disabled={chosen.length === 0} pending={busy}>
            {texting.isPending ? 'Texting...' : `Text selected${chosen.length ? ` (${chosen.length})` : ''}`}
          </Button>
        </div>
        <ListStates
          query={query}
          isEmpty={shown.length === 0}
          empty={patients.length === 0 ? R.empty : R.emptySearch}
          loadingLabel="Loading patients due for recall"
          errorPrefix={`${R.loadError}. `}
        >
          {() => (
            <div className="max-h-[480px] overflow-auto rounded-md border border-slate-200">
              <table className="w-full min-w-[520px] text-left text-sm">
                <caption className="sr-only">Patients due for recall</caption>
                <thead className="sticky top-0 border-b border-slate-200 bg-slate-50 text-slate-700">
                  <tr>
                    <th scope="col" className="w-10 px-3 py-2">
                      <Checkbox
                        aria-label="Select all patients shown"
                        checked={allShown}
                        disabled={callable.length === 0}
                        onCheckedChange={(on) => toggleAll(on === true)}
                      />
                    </th>
                    {COLUMNS.map((column) => {
                      const active = sort.key === column.key;
                      const Icon = !active ? ArrowUpDown : sort.ascending ? ArrowUp : ArrowDown;
                      return (
                        <th
                          key={column.key}
                          scope="col"
                          className="px-3 py-2 font-semibold"
                          aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : 'none'}
                        >
                          <button
                            type="button"
                            className="inline-flex items-center gap-1 hover:text-slate-900"
                            onClick={() => sortBy(column.key)}
                          >
                            {column.label}
                            <Icon className="h-3.5 w-3.5" aria-hidden="true" />
                          </button>
                        </th>
                      );
                    })}
                    <th scope="col" className="px-3 py-2 font-semibold">
                      Phone
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {shown.map((patient) => (
                    <tr key={patient.id}>
                      <td className="px-3 py-2">
                        <Checkbox
                          aria-label={patient.name}
                          checked={selected.has(patient.id)}
                          disabled={!patient.phone_number}
                          onCheckedChange={(on) => toggle(patient.id, on === true)}
                        />
                      </td>
                      <td className="px-3 py-2 font-medium text-slate-900">{patient.name}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">{patient.last_visit}</td>
                      <td className="px-3 py-2 text-slate-700">{patient.months_overdue}</td>
                      <td className="px-3 py-2 whitespace-nowrap text-slate-700">
                        {patient.phone_number ? formatNational(patient.phone_number) : 'No phone number'}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </ListStates>
      </CardContent>
    </Card>
  );
}
