import { DEMO_AUTO_CLOSE_MS } from '#shared/marketing';
import type { DemoRequestKind } from '#shared/schemas/demo-requests';
import { DIALOG_TITLES, TRY_AGAIN } from '../components/demo-request-titles';
import {
  DEMO_DIALOG_ID,
  DEMO_FIELDS,
  DEMO_KIND_ATTRIBUTE,
  demoErrorId,
  demoFieldId,
  type DemoField,
  type DemoPart,
} from '../dom-ids';
import type { FieldErrors } from './demo-request';

// Fetched on intent (a pointer over or focus on a demo button) and on open, so it is there by the submit.
const loadRequest = () => import('./demo-request');
const prefetch = () => loadRequest().catch(() => undefined);

/** Dialogs lock the page's scroll with a <style> that carries the page's nonce (the strict CSP's style-src). */
function lockScroll(doc: Document): () => void {
  const nonce = doc.querySelector<HTMLMetaElement>('meta[name="csp-nonce"]')?.content;
  // The scrollbar's width becomes padding, so the page does not shift sideways when it goes.
  const gap = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
  const style = doc.createElement('style');
  if (nonce && nonce !== '__CSP_NONCE__') style.setAttribute('nonce', nonce);
  style.textContent = `body{overflow:hidden${gap > 0 ? `;padding-right:${gap}px` : ''}}`;
  doc.head.append(style);
  return () => style.remove();
}

/**
 * Wires the page's prerendered demo dialog (components/demo-dialog.tsx) to every demo button: opens it worded
 * for the button's kind, shows the schema's messages under the fields, sends the request, shows the success and
 * closes DEMO_AUTO_CLOSE_MS later, or keeps what was typed and says why it failed. Opening resets the form, and
 * a request still on its way when the dialog closed no longer touches it (its answer belongs to that opening).
 * Answers a function that takes every listener away again.
 */
export function mountDemoDialog(doc: Document = document): () => void {
  const dialog = doc.getElementById(DEMO_DIALOG_ID) as HTMLDialogElement | null;
  const form = dialog?.querySelector('form');
  const mounted = new AbortController();
  const { signal } = mounted;
  if (!dialog || !form) return () => undefined;
  const part = (name: DemoPart) => dialog.querySelector<HTMLElement>(`[data-demo-part="${name}"]`)!;
  const success = part('success');
  const successTitle = success.querySelector('h2')!;
  const submit = part('submit') as HTMLButtonElement;
  let kind: DemoRequestKind = 'demo';
  let opener: HTMLElement | null = null;
  let unlock: (() => void) | null = null;
  let closeTimer: ReturnType<typeof setTimeout> | undefined;
  let opening = 0;
  let pressedOnBackdrop = false;

  const demoButton = (target: EventTarget | null) =>
    target instanceof Element ? target.closest<HTMLElement>(`[${DEMO_KIND_ATTRIBUTE}]`) : null;

  function setError(field: DemoField, message: string | undefined) {
    const input = form!.elements.namedItem(field) as HTMLElement;
    const error = doc.getElementById(demoErrorId(field))!;
    error.textContent = message ?? '';
    error.hidden = !message;
    if (message) {
      input.setAttribute('aria-invalid', 'true');
      input.setAttribute('aria-describedby', error.id);
    } else {
      input.removeAttribute('aria-invalid');
      input.removeAttribute('aria-describedby');
    }
  }

  const showErrors = (errors: FieldErrors) => DEMO_FIELDS.forEach((field) => setError(field, errors[field]));

  function setFailure(message: string | null) {
    const failure = part('failure');
    failure.hidden = message === null;
    failure.lastElementChild!.textContent = message ?? '';
  }

  function setSubmitting(submitting: boolean) {
    submit.disabled = submitting;
    submit.textContent = submitting ? 'Submitting...' : DIALOG_TITLES[kind].submit;
  }

  function showForm(visible: boolean) {
    part('form').hidden = !visible;
    success.hidden = visible;
    dialog!.setAttribute('aria-labelledby', visible ? part('title').id : successTitle.id);
  }

  function open(nextKind: DemoRequestKind, button: HTMLElement) {
    if (dialog!.open) return;
    opening += 1;
    clearTimeout(closeTimer);
    kind = nextKind;
    opener = button;
    const words = DIALOG_TITLES[kind];
    part('title').textContent = words.title;
    part('description').textContent = words.description;
    successTitle.textContent = words.done;
    // Every field starts empty: set one by one, as user-event (the component test) does not see form.reset().
    for (const field of [...DEMO_FIELDS, 'website']) {
      (form!.elements.namedItem(field) as HTMLInputElement | HTMLSelectElement).value = '';
    }
    showErrors({});
    setFailure(null);
    setSubmitting(false);
    showForm(true);
    unlock = lockScroll(doc);
    dialog!.showModal();
    void prefetch();
  }

  dialog.addEventListener(
    'close',
    () => {
      clearTimeout(closeTimer);
      unlock?.();
      unlock = null;
      opener?.focus();
    },
    { signal },
  );
  // A click on the backdrop lands on the <dialog> itself (its content fills it edge to edge). So does a
  // selection dragged from a field and let go over the backdrop: only a press that began there closes.
  dialog.addEventListener(
    'pointerdown',
    (event) => {
      pressedOnBackdrop = event.target === dialog;
    },
    { signal },
  );
  dialog.addEventListener(
    'click',
    (event) => {
      if (event.target === dialog && pressedOnBackdrop) dialog.close();
      pressedOnBackdrop = false;
    },
    { signal },
  );
  part('close').addEventListener('click', () => dialog.close(), { signal });

  // Typing in a field takes its message away until the next submit.
  form.addEventListener(
    'input',
    (event) => {
      const field = (event.target as HTMLInputElement).name as DemoField;
      if (DEMO_FIELDS.includes(field)) setError(field, undefined);
    },
    { signal },
  );

  form.addEventListener(
    'submit',
    (event) => {
      event.preventDefault();
      if (!submit.disabled) void send();
    },
    { signal },
  );

  async function send() {
    const sentIn = opening;
    const current = () => sentIn === opening && dialog!.open;
    setSubmitting(true);
    const request = await loadRequest().catch(() => null);
    if (!current()) return;
    if (!request) {
      setSubmitting(false);
      setFailure(TRY_AGAIN);
      return;
    }
    const { checkDemoRequest, sendDemoRequest } = request;
    const values = Object.fromEntries(new FormData(form!));
    const { data, errors } = checkDemoRequest({ ...values, kind, sourcePage: doc.location.pathname });
    showErrors(errors);
    if (!data) {
      setSubmitting(false);
      const first = DEMO_FIELDS.find((field) => errors[field]);
      if (first) doc.getElementById(demoFieldId(first))?.focus();
      return;
    }
    setFailure(null);
    const answer = await sendDemoRequest(data).then(
      (thanks) => ({ thanks }),
      (error: unknown) => ({ failure: (error as Error).message }),
    );
    if (!current()) return;
    setSubmitting(false);
    if ('failure' in answer) {
      setFailure(answer.failure);
      return;
    }
    successTitle.nextElementSibling!.textContent = answer.thanks;
    showForm(false);
    successTitle.focus();
    closeTimer = setTimeout(() => dialog!.close(), DEMO_AUTO_CLOSE_MS);
  }

  doc.addEventListener(
    'click',
    (event) => {
      const button = demoButton(event.target);
      if (button) open(button.getAttribute(DEMO_KIND_ATTRIBUTE) === 'trial' ? 'trial' : 'demo', button);
    },
    { signal },
  );
  for (const type of ['pointerover', 'focusin']) {
    doc.addEventListener(
      type,
      (event) => {
        if (demoButton(event.target)) void prefetch();
      },
      { signal },
    );
  }
  return () => {
    mounted.abort();
    clearTimeout(closeTimer);
    unlock?.();
  };
}
