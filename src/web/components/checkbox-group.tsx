import { useId } from 'react';
import { Checkbox } from './ui/checkbox';
import { Label } from './ui/label';

export interface Option {
  value: string;
  label: string;
}

/** A multi-select as a labelled group of checkboxes: every choice is visible and reachable by keyboard. */
export function CheckboxGroup({
  legend,
  options,
  value,
  onChange,
  emptyText,
  error,
}: {
  legend: string;
  options: Option[];
  value: string[];
  onChange(value: string[]): void;
  emptyText: string;
  /** A validation message, tied to the group as FormField ties one to its input. */
  error?: string;
}) {
  const id = useId();
  return (
    <fieldset className="grid gap-2" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-900">{legend}</legend>
      {options.length === 0 ? (
        <p className="text-sm text-slate-600">{emptyText}</p>
      ) : (
        <div className="grid max-h-40 gap-2 overflow-y-auto rounded-md border border-slate-200 p-3">
          {options.map((option, index) => (
            <div key={option.value} className="flex items-center gap-2">
              <Checkbox
                id={`${id}-${index}`}
                checked={value.includes(option.value)}
                onCheckedChange={(checked) =>
                  onChange(
                    checked === true
                      ? [...value, option.value]
                      : value.filter((item) => item !== option.value),
                  )
                }
              />
              <Label htmlFor={`${id}-${index}`} className="font-normal">
                {option.label}
              </Label>
            </div>
          ))}
        </div>
      )}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
