import type { DemoRequestKind } from '#shared/schemas/demo-requests';
import { DEMO_DIALOG_ID, DEMO_KIND_ATTRIBUTE } from '../dom-ids';
import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';

export interface DemoButtonProps {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Extra words for screen readers when the visible label alone is ambiguous. */
  srSuffix?: string;
  kind?: DemoRequestKind;
}

/** Opens the page's demo dialog (islands/demo-dialog.ts finds it by `data-demo-kind`). */
export function DemoButton({
  label = 'Book Your Demo Now',
  variant = 'primary',
  size = 'lg',
  className,
  srSuffix,
  kind = 'demo',
}: DemoButtonProps) {
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-controls={DEMO_DIALOG_ID}
      {...{ [DEMO_KIND_ATTRIBUTE]: kind }}
      className={buttonClasses({ variant, size, className })}
    >
      {label}
      {srSuffix ? <span className="sr-only"> {srSuffix}</span> : null}
    </button>
  );
}
