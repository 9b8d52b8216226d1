import { buttonClasses, type ButtonSize, type ButtonVariant } from './button-styles';
import type { DemoRequestKind } from '#shared/schemas/demo-requests';
import { BookDemoDialog } from './book-demo-dialog';

export interface DemoButtonProps {
  label?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Extra words for screen readers when the visible label alone is ambiguous. */
  srSuffix?: string;
  kind?: DemoRequestKind;
}

export function DemoButton({
  label = 'Book Your Demo Now',
  variant = 'primary',
  size = 'lg',
  className,
  srSuffix,
  kind,
}: DemoButtonProps) {
  return (
    <BookDemoDialog kind={kind}>
      <button type="button" className={buttonClasses({ variant, size, className })}>
        {label}
        {srSuffix ? <span className="sr-only"> {srSuffix}</span> : null}
      </button>
    </BookDemoDialog>
  );
}
