import { useEffect, useId, useRef, useState } from 'react';
import {
  SIMULATION_SCENARIO_LABELS,
  SIMULATION_SCENARIOS,
  type CallDetail,
  type SimulationScenario,
} from '#shared/schemas/calls';
import { FormField } from '../../../components/form-field';
import { Alert } from '../../../components/ui/alert';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../components/ui/use-toast';
import { toastError } from '../../../components/mutation-toasts';
import { ApiError } from '../../../lib/api-client';
import { useSimulateCall } from '../api/simulate-call';
import { FormDialogFooter } from '../../../components/form-dialog-footer';

function errorMessage(error: unknown): string {
  const body = error instanceof ApiError ? (error.body as { message?: unknown } | null) : null;
  return typeof body?.message === 'string' ? body.message : 'The call could not be simulated.';
}

export interface SimulatorNumber {
  id: string;
  name: string | null;
  number: string | null;
}

/**
 * "Simulate a call": the built-in sandbox caller holds a scripted conversation with the receptionist on one
 * of our numbers; the call (and any booking) is real and appears in Call Logs.
 */
export function SimulateCallDialog({
  open,
  onOpenChange,
  phoneNumbers,
  defaultPhoneNumberId,
  onSimulated,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  phoneNumbers: SimulatorNumber[];
  defaultPhoneNumberId?: string;
  onSimulated?(call: CallDetail): void;
}) {
  const usable = phoneNumbers.filter((n) => n.number);
  const [phoneNumberId, setPhoneNumberId] = useState(defaultPhoneNumberId ?? '');
  const [scenario, setScenario] = useState<SimulationScenario>(SIMULATION_SCENARIOS[0]);
  const [callerNumber, setCallerNumber] = useState('');
  const simulate = useSimulateCall();
  const numberId = useId();
  const scenarioId = useId();
  const chosen = phoneNumberId || usable[0]?.id || '';
  const openNow = useRef(open);
  useEffect(() => {
    openNow.current = open;
  }, [open]);
  // The dialog stays mounted while closed: a failed attempt's message must not greet the next opening.
  const openChange = (next: boolean) => {
    if (!next) simulate.reset();
    onOpenChange(next);
  };

  return (
    <Dialog open={open} onOpenChange={openChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Simulate a call</DialogTitle>
          <DialogDescription>
            A scripted caller talks to the receptionist on one of your numbers. Bookings it makes are real.
          </DialogDescription>
        </DialogHeader>
        {usable.length === 0 ? (
          <Alert>No phone numbers with a number yet.</Alert>
        ) : (
          <form
            id="simulate-call-form"
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              // A call takes a while: its outcome is told even if the dialog was closed meanwhile.
              simulate
                .mutateAsync({
                  phoneNumberId: chosen,
                  scenario,
                  ...(callerNumber.trim() && { callerNumber }),
                })
                .then(
                  ({ call }) => {
                    toast({
                      title: 'Call simulated',
                      description: `Call ${call.id.slice(0, 8)} is in Call Logs.`,
                    });
                    if (!openNow.current) return;
                    onSimulated?.(call);
                    onOpenChange(false);
                  },
                  (error: unknown) => {
                    // An open dialog shows the reason in place; a closed one can only toast it.
                    if (!openNow.current) toastError(errorMessage(error));
                  },
                );
            }}
          >
            <div className="grid gap-1.5">
              <Label htmlFor={numberId}>Phone number</Label>
              <NativeSelect id={numberId} value={chosen} onChange={(e) => setPhoneNumberId(e.target.value)}>
                {usable.map((n) => (
                  <option key={n.id} value={n.id}>
                    {n.name ? `${n.name} (${n.number})` : n.number}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={scenarioId}>Scenario</Label>
              <NativeSelect
                id={scenarioId}
                value={scenario}
                onChange={(e) => setScenario(e.target.value as SimulationScenario)}
              >
                {SIMULATION_SCENARIOS.map((s) => (
                  <option key={s} value={s}>
                    {SIMULATION_SCENARIO_LABELS[s]}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <FormField
              label="Call as the patient with this number (optional)"
              type="tel"
              autoComplete="off"
              placeholder="The scenario picks a patient"
              value={callerNumber}
              onChange={(e) => setCallerNumber(e.target.value)}
            />
            {simulate.isError && <Alert variant="destructive">{errorMessage(simulate.error)}</Alert>}
          </form>
        )}
        <FormDialogFooter
          onCancel={() => openChange(false)}
          form="simulate-call-form"
          disabled={!chosen}
          pending={simulate.isPending}
          submitLabel={simulate.isPending ? 'Simulating…' : 'Start call'}
        />
      </DialogContent>
    </Dialog>
  );
}
