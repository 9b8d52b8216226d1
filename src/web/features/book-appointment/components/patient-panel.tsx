import { Search } from 'lucide-react';
import { useState } from 'react';
import { phoneNumberProblem } from '#shared/phone';
import { FormField } from '../../../components/form-field';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { usePatientVisits } from '../api/get-patient-visits';
import { findPatient } from '../api/post-webhook';
import type { BookingForm } from '../lib/booking-form';

/** A found patient's record: kept and missed visits of the last two years (issue 25), nothing while it loads. */
function VisitRecord({ patientId }: { patientId: string }) {
  const { data } = usePatientVisits(patientId);
  if (!data) return null;
  const parts = [
    `${data.kept} kept`,
    `${data.noShow} no-show${data.noShow === 1 ? '' : 's'}`,
    `${data.cancelled} cancelled`,
    ...(data.unresolved ? [`${data.unresolved} not marked`] : []),
    `${data.upcoming} ahead`,
  ];
  return <p data-testid="patient-visits">Visits in the last two years: {parts.join(' · ')}</p>;
}

/** Part 2, sections 4, 5 and 8: search by phone; a found patient hides the new-patient fields. */
export function PatientPanel({
  form,
  update,
}: {
  form: BookingForm;
  update: (changes: Partial<BookingForm>) => void;
}) {
  const [searching, setSearching] = useState(false);

  async function search() {
    const phone = form.searchPhone.trim();
    if (!phone) {
      toast({
        title: 'Phone Number Required',
        description: 'Please enter a phone number to search for patients.',
        variant: 'destructive',
      });
      return;
    }
    const problem = phoneNumberProblem(phone);
    if (problem) {
      toast({ title: 'Invalid Phone Number', description: problem, variant: 'destructive' });
      return;
    }
    setSearching(true);
    try {
      const { patient } = await findPatient(phone);
      if (patient) {
        update({
          patient,
          name: patient.name,
          phone: patient.phone_number ?? phone,
          email: patient.email ?? '',
        });
        toast({ title: 'Patient Found', description: `${patient.name} was found.` });
      } else {
        update({ patient: undefined, phone });
        toast({ title: 'Patient Not Found', description: 'Enter the details to create a new appointment.' });
      }
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) {
        toast({ title: 'Invalid Phone Number', description: error.text, variant: 'destructive' });
        return;
      }
      update({ patient: undefined, phone });
      toast({
        title: 'Search Unavailable',
        description: 'Patient search is unavailable right now. You can still book as a new patient.',
        variant: 'destructive',
      });
    } finally {
      setSearching(false);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Patient</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          className="flex items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void search();
          }}
        >
          <div className="flex-1">
            <FormField
              label="Search by Phone"
              type="tel"
              value={form.searchPhone}
              onChange={(event) => update({ searchPhone: event.target.value })}
            />
          </div>
          <Button type="submit" variant="outline" disabled={searching}>
            <Search aria-hidden="true" />
            Search
          </Button>
        </form>

        {form.patient ? (
          <section
            aria-label="Found patient"
            className="grid gap-1 rounded-md border border-green-200 bg-green-50 p-3 text-sm text-green-900"
          >
            <p className="font-semibold">{form.patient.name}</p>
            <p>{form.patient.phone_number ?? form.phone}</p>
            {form.patient.email && <p>{form.patient.email}</p>}
            <VisitRecord patientId={form.patient.id} />
            <Button
              variant="link"
              className="h-auto justify-start p-0"
              onClick={() => update({ patient: undefined, name: '', email: '' })}
            >
              Book for a new patient instead
            </Button>
          </section>
        ) : (
          <fieldset className="grid gap-3">
            <legend className="mb-2 text-sm font-medium text-slate-700">New patient</legend>
            <FormField
              label="Full Name"
              value={form.name}
              autoComplete="off"
              onChange={(event) => update({ name: event.target.value })}
            />
            <FormField
              label="Phone Number"
              type="tel"
              value={form.phone}
              onChange={(event) => update({ phone: event.target.value })}
            />
            <FormField
              label="Email"
              type="email"
              value={form.email}
              onChange={(event) => update({ email: event.target.value })}
            />
          </fieldset>
        )}
      </CardContent>
    </Card>
  );
}
