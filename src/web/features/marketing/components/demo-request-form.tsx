import * as Dialog from '@radix-ui/react-dialog';
import { CircleCheck } from 'lucide-react';
import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type ReactNode } from 'react';
import { z } from 'zod';
import { DEMO_AUTO_CLOSE_MS, SOLUTIONS } from '#shared/marketing';
import { DemoRequestInputSchema, type DemoRequestKind } from '#shared/schemas/demo-requests';
import { toast } from '../../../components/ui/use-toast';
import { cn } from '../../../lib/cn';
import { createDemoRequest } from '../api/create-demo-request';
import { buttonClasses } from './button-styles';
import { DIALOG_TITLES } from './demo-request-titles';
import { messageOf } from '../../../lib/api-client';

type VisibleField = 'name' | 'email' | 'mobile' | 'solution';
type FormValues = Record<VisibleField | 'website', string>;
type FieldErrors = Partial<Record<VisibleField, string>>;
type Status = 'idle' | 'submitting' | 'success';

const VISIBLE_FIELDS: readonly VisibleField[] = ['name', 'email', 'mobile', 'solution'];
const EMPTY_VALUES: FormValues = { name: '', email: '', mobile: '', solution: '', website: '' };

function toFieldErrors(error: z.ZodError): FieldErrors {
  const { fieldErrors } = z.flattenError(error);
  const result: FieldErrors = {};
  for (const field of VISIBLE_FIELDS) {
    const message = (fieldErrors as Partial<Record<string, string[]>>)[field]?.[0];
    if (message) result[field] = message;
  }
  return result;
}

export interface DemoRequestFormProps {
  sourcePage?: string;
  kind?: DemoRequestKind;
  /** Called DEMO_AUTO_CLOSE_MS after a successful submission. */
  onDone: () => void;
}

/**
 * The dialog's body, loaded when the dialog is first wanted (it carries zod). It lives only while the dialog
 * is open, so closing the dialog resets the form and the success state.
 */
export default function DemoRequestForm({ sourcePage, kind = 'demo', onDone }: DemoRequestFormProps) {
  const words = DIALOG_TITLES[kind];
  const [values, setValues] = useState<FormValues>(EMPTY_VALUES);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState<Status>('idle');
  const formRef = useRef<HTMLFormElement>(null);
  const successTitleRef = useRef<HTMLHeadingElement>(null);
  const baseId = useId();

  useEffect(() => {
    if (status !== 'success') return;
    successTitleRef.current?.focus();
    const timer = setTimeout(onDone, DEMO_AUTO_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [status, onDone]);

  function handleChange(event: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const field = event.target.name as keyof FormValues;
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (field !== 'website' && errors[field]) {
      setErrors((current) => ({ ...current, [field]: undefined }));
    }
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'submitting') return;

    const parsed = DemoRequestInputSchema.safeParse({
      ...values,
      kind,
      sourcePage: sourcePage ?? window.location.pathname,
    });
    if (!parsed.success) {
      const fieldErrors = toFieldErrors(parsed.error);
      setErrors(fieldErrors);
      const firstInvalid = VISIBLE_FIELDS.find((field) => fieldErrors[field]);
      if (firstInvalid) formRef.current?.querySelector<HTMLElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }

    setErrors({});
    setStatus('submitting');
    try {
      const response = await createDemoRequest(parsed.data);
      toast({
        title: words.done,
        description: response.message || "We'll be in touch with you soon.",
      });
      setValues(EMPTY_VALUES);
      setStatus('success');
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Submission Failed',
        description: messageOf(error, 'Please try again later.'),
      });
      setStatus('idle');
    }
  }

  const fieldId = (field: VisibleField) => `${baseId}-${field}`;
  const errorId = (field: VisibleField) => `${baseId}-${field}-error`;
  const fieldProps = (field: VisibleField) => ({
    id: fieldId(field),
    name: field,
    value: values[field],
    onChange: handleChange,
    'aria-required': true,
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? errorId(field) : undefined,
    className: cn(
      'block h-11 w-full rounded-lg border bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600',
      errors[field] ? 'border-red-600' : 'border-slate-300',
    ),
  });

  if (status === 'success') {
    return (
      <div className="py-6 text-center">
        <CircleCheck aria-hidden="true" className="mx-auto size-14 text-green-600" />
        <Dialog.Title
          ref={successTitleRef}
          tabIndex={-1}
          className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none"
        >
          {words.done}
        </Dialog.Title>
        <Dialog.Description className="mt-3 text-slate-600">{words.thanks}</Dialog.Description>
      </div>
    );
  }

  return (
    <>
      <div className="pr-8">
        <Dialog.Title className="text-2xl font-bold text-slate-900">{words.title}</Dialog.Title>
        <Dialog.Description className="mt-2 text-slate-600">{words.description}</Dialog.Description>
      </div>
      <form ref={formRef} noValidate onSubmit={handleSubmit} className="mt-6 space-y-5">
        <FormField label="Name" htmlFor={fieldId('name')} error={errors.name} errorId={errorId('name')}>
          <input type="text" autoComplete="name" placeholder="Dr. Jane Smith" {...fieldProps('name')} />
        </FormField>
        <FormField label="Email" htmlFor={fieldId('email')} error={errors.email} errorId={errorId('email')}>
          <input
            type="email"
            autoComplete="email"
            placeholder="jane@yourpractice.com"
            {...fieldProps('email')}
          />
        </FormField>
        <FormField
          label="Mobile"
          htmlFor={fieldId('mobile')}
          error={errors.mobile}
          errorId={errorId('mobile')}
        >
          <input
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="(555) 123-4567"
            {...fieldProps('mobile')}
          />
        </FormField>
        <FormField
          label="Solution"
          htmlFor={fieldId('solution')}
          error={errors.solution}
          errorId={errorId('solution')}
        >
          <select {...fieldProps('solution')}>
            <option value="">Select a solution</option>
            {SOLUTIONS.map((solution) => (
              <option key={solution.value} value={solution.value}>
                {solution.label}
              </option>
            ))}
          </select>
        </FormField>
        <div aria-hidden="true" className="sr-only">
          <label htmlFor={`${baseId}-website`}>Leave this field empty</label>
          <input
            id={`${baseId}-website`}
            type="text"
            name="website"
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={handleChange}
          />
        </div>
        <button
          type="submit"
          disabled={status === 'submitting'}
          className={buttonClasses({ size: 'lg', className: 'w-full' })}
        >
          {status === 'submitting' ? 'Submitting...' : words.submit}
        </button>
      </form>
    </>
  );
}

function FormField({
  label,
  htmlFor,
  error,
  errorId,
  children,
}: {
  label: string;
  htmlFor: string;
  error: string | undefined;
  errorId: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {error ? (
        <p id={errorId} className="mt-1.5 text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
