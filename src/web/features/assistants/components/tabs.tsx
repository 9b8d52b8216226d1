import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export interface TabItem {
  value: string;
  label: string;
  content: ReactNode;
  /** Marks a tab whose panel holds a field with an error, so the person knows where to look. */
  invalid?: boolean;
}

/**
 * WAI-ARIA tabs: arrow keys, Home and End move between tabs. Every panel stays mounted (hidden when not
 * selected) so the browser keeps what was typed in each.
 */
export function Tabs({
  label,
  items,
  value,
  onValueChange,
}: {
  label: string;
  items: TabItem[];
  value: string;
  onValueChange(value: string): void;
}) {
  const id = useId();
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(event: KeyboardEvent, index: number) {
    const last = items.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : undefined;
    const target = next === undefined ? undefined : items[next];
    if (next === undefined || !target) return;
    event.preventDefault();
    onValueChange(target.value);
    refs.current[next]?.focus();
  }

  return (
    <div className="grid gap-4">
      <div role="tablist" aria-label={label} className="flex flex-wrap gap-1 rounded-md bg-slate-100 p-1">
        {items.map((item, index) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                refs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onValueChange(item.value)}
              onKeyDown={(event) => onKeyDown(event, index)}
              className={cn(
                'rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                selected ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
                item.invalid && 'text-red-700',
              )}
            >
              {item.label}
              {item.invalid && <span className="sr-only"> (has errors)</span>}
            </button>
          );
        })}
      </div>
      {items.map((item) => (
        <div
          key={item.value}
          role="tabpanel"
          id={`${id}-panel-${item.value}`}
          aria-labelledby={`${id}-tab-${item.value}`}
          hidden={item.value !== value}
          className="grid gap-4"
        >
          {item.content}
        </div>
      ))}
    </div>
  );
}
