import { useId, useMemo, useState } from 'react';
import type { PatientWithAppointment } from '#shared/schemas/schedule';
import { ListEmpty, ListLoading } from '../../../components/list-states';
import { SearchField } from '../../../components/search-field';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { Label } from '../../../components/ui/label';
import { messageOf } from '../../../lib/api-client';
import { formatNational } from '../../phone-numbers';
import { usePatientsForCalling } from '../api/get-patients';
import { OUTBOUND_MESSAGES as M } from '#shared/schemas/outbound-calls';

/** Name, phone (as typed or as stored) or e-mail contains the search text. */
export function matchesPatient(patient: PatientWithAppointment, search: string): boolean {
  const text = search.trim().toLowerCase();
  if (!text) return true;
  const digits = text.replace(/\D/g, '');
  const phone = patient.phone_number ?? '';
  return (
    patient.name.toLowerCase().includes(text) ||
    (patient.email ?? '').toLowerCase().includes(text) ||
    phone.includes(text) ||
    (digits.length > 0 && phone.replace(/\D/g, '').includes(digits))
  );
}

/** Patients with upcoming appointments to call; only those with a phone number can be chosen. */
export function PatientList({
  selected,
  onSelectedChange,
}: {
  selected: ReadonlySet<string>;
  onSelectedChange(next: Set<string>): void;
}) {
  const query = usePatientsForCalling();
  const [search, setSearch] = useState('');
  const searchId = useId();
  const patients = useMemo(() => query.data?.patients ?? [], [query.data]);
  const shown = useMemo(() => patients.filter((p) => matchesPatient(p, search)), [patients, search]);
  const callable = shown.filter((p) => p.phone_number);

  const toggle = (id: string, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(id);
    else next.delete(id);
    onSelectedChange(next);
  };

  let body;
  if (query.isLoading) body = <ListLoading label="Loading patients" />;
  else if (query.error)
    body = (
      <Alert variant="destructive" className="grid gap-2">
        <p className="font-semibold">{M.patientsError}</p>
        <p>{messageOf(query.error, M.patientsErrorFallback)}</p>
        <div>
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      </Alert>
    );
  else if (shown.length === 0)
    body = <ListEmpty>{patients.length === 0 ? M.noPatients : M.noPatientsMatch}</ListEmpty>;
  else
    body = (
      <ul className="grid max-h-96 gap-2 overflow-y-auto pr-1" aria-label="Patients">
        {shown.map((patient) => {
          const checkboxId = `${searchId}-${patient.id}`;
          const appointment = patient.next_appointment;
          return (
            <li key={patient.id} className="flex items-start gap-3 rounded-md border border-slate-200 p-3">
              <Checkbox
                id={checkboxId}
                className="mt-1"
                checked={selected.has(patient.id)}
                disabled={!patient.phone_number}
                onCheckedChange={(on) => toggle(patient.id, on === true)}
              />
              <div className="grid gap-0.5 text-sm">
                <Label htmlFor={checkboxId} className="font-medium text-slate-900">
                  {patient.name}
                </Label>
                <span className="text-slate-600">
                  {patient.phone_number ? formatNational(patient.phone_number) : 'No phone number'}
                  {patient.email ? ` · ${patient.email}` : ''}
                </span>
                <span className="text-slate-600">
                  Next: {appointment.date} {appointment.time} · {appointment.type} with {appointment.provider}
                </span>
              </div>
            </li>
          );
        })}
      </ul>
    );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Patients</CardTitle>
        <CardDescription>
          {selected.size} selected{patients.length ? ` of ${patients.length}` : ''}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <div className="flex flex-wrap items-end gap-2">
          <SearchField
            className="min-w-56"
            label="Search patients"
            placeholder="Name, phone or email"
            value={search}
            onChange={setSearch}
          />
          <Button
            variant="outline"
            disabled={callable.length === 0}
            onClick={() => onSelectedChange(new Set([...selected, ...callable.map((p) => p.id)]))}
          >
            Select All
          </Button>
          <Button
            variant="outline"
            disabled={selected.size === 0}
            onClick={() => onSelectedChange(new Set())}
          >
            Clear Selection
          </Button>
        </div>
        {body}
      </CardContent>
    </Card>
  );
}
