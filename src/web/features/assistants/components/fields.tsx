import { useId, type ComponentProps } from 'react';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="text-sm text-red-700">
      {error}
    </p>
  ) : null;
}

export function SelectField({
  label,
  options,
  labels,
  error,
  ...props
}: ComponentProps<'select'> & {
  label: string;
  options: readonly string[];
  labels?: Record<string, string>;
  error?: string;
}) {
  const id = useId();
  // A stored value outside the list (e.g. an imported assistant's voice) stays selectable.
  const shown =
    props.value && !options.includes(String(props.value)) ? [String(props.value), ...options] : options;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        {shown.map((option) => (
          <option key={option} value={option}>
            {labels?.[option] ?? option}
          </option>
        ))}
      </NativeSelect>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function TextareaField({
  label,
  error,
  hint,
  ...props
}: ComponentProps<'textarea'> & { label: string; error?: string; hint?: string }) {
  const id = useId();
  const describedBy = [error && `${id}-error`, hint && `${id}-hint`].filter(Boolean).join(' ') || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A 0..2 range in steps of 0.1 with its current value shown beside the label. */
export function SliderField({
  label,
  value,
  onValueChange,
  min = 0,
  max = 2,
  step = 0.1,
}: {
  label: string;
  value: number;
  onValueChange(value: number): void;
  min?: number;
  max?: number;
  step?: number;
}) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-center justify-between">
        <Label htmlFor={id}>{label}</Label>
        <output htmlFor={id} className="text-sm tabular-nums text-slate-700">
          {value.toFixed(1)}
        </output>
      </div>
      <input
        id={id}
        type="range"
        min={min}
        max={max}
        step={step}
        value={value}
        onChange={(event) => onValueChange(Number(event.target.value))}
        className="w-full accent-blue-600"
      />
    </div>
  );
}
