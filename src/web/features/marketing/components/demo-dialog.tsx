import { CircleCheck, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { SOLUTIONS } from '#shared/marketing';
import { DEMO_DIALOG_ID, demoErrorId, demoFieldId, type DemoField, type DemoPart } from '../dom-ids';
import { buttonClasses } from './button-styles';
import { DIALOG_TITLES } from './demo-request-titles';

const part = (name: DemoPart) => ({ 'data-demo-part': name });
const TITLE_ID = 'demo-dialog-title';
const SUCCESS_TITLE_ID = 'demo-dialog-success-title';

const inputClasses =
  'block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 placeholder:text-slate-500 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-blue-600 aria-invalid:border-red-600';

function Field({ field, label, children }: { field: DemoField; label: string; children: ReactNode }) {
  return (
    <div>
      <label htmlFor={demoFieldId(field)} className="mb-1.5 block text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      <p id={demoErrorId(field)} hidden className="mt-1.5 text-sm text-red-700" />
    </div>
  );
}

const fieldProps = (field: DemoField) => ({
  id: demoFieldId(field),
  name: field,
  'aria-required': true,
  className: inputClasses,
});

/**
 * The demo dialog, prerendered once per public page and closed (a closed <dialog> takes no room, so nothing
 * shifts). islands/demo-dialog.ts opens it for a demo button, words it for that button's kind, checks and sends
 * the form; the browser's modal dialog keeps focus inside and closes on Escape.
 */
export function DemoDialog() {
  const words = DIALOG_TITLES.demo;
  return (
    <dialog
      id={DEMO_DIALOG_ID}
      aria-labelledby={TITLE_ID}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-[500px] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      <div className="relative p-6 sm:p-8">
        <div {...part('form')}>
          <div className="pr-8">
            <h2 id={TITLE_ID} {...part('title')} className="text-2xl font-bold text-slate-900">
              {words.title}
            </h2>
            <p {...part('description')} className="mt-2 text-slate-600">
              {words.description}
            </p>
          </div>
          <form noValidate className="mt-6 space-y-5">
            <Field field="name" label="Name">
              <input type="text" autoComplete="name" placeholder="Dr. Jane Smith" {...fieldProps('name')} />
            </Field>
            <Field field="email" label="Email">
              <input
                type="email"
                autoComplete="email"
                placeholder="jane@yourpractice.com"
                {...fieldProps('email')}
              />
            </Field>
            <Field field="mobile" label="Mobile">
              <input
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                placeholder="(555) 123-4567"
                {...fieldProps('mobile')}
              />
            </Field>
            <Field field="solution" label="Solution">
              <select {...fieldProps('solution')}>
                <option value="">Select a solution</option>
                {SOLUTIONS.map((solution) => (
                  <option key={solution.value} value={solution.value}>
                    {solution.label}
                  </option>
                ))}
              </select>
            </Field>
            <div aria-hidden="true" className="sr-only">
              <label htmlFor={demoFieldId('website')}>Leave this field empty</label>
              <input
                id={demoFieldId('website')}
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
              />
            </div>
            <div
              role="alert"
              {...part('failure')}
              hidden
              className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800"
            >
              <p className="font-semibold">Submission Failed</p>
              <p />
            </div>
            <button
              type="submit"
              {...part('submit')}
              className={buttonClasses({ size: 'lg', className: 'w-full' })}
            >
              {words.submit}
            </button>
          </form>
        </div>
        <div role="status" {...part('success')} hidden className="py-6 text-center">
          <CircleCheck aria-hidden="true" className="mx-auto size-14 text-green-600" />
          <h2
            id={SUCCESS_TITLE_ID}
            tabIndex={-1}
            className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none"
          >
            {words.done}
          </h2>
          <p className="mt-3 text-slate-600" />
        </div>
        <button
          type="button"
          {...part('close')}
          aria-label="Close"
          className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-blue-600"
        >
          <X aria-hidden="true" className="size-5" />
        </button>
      </div>
    </dialog>
  );
}
