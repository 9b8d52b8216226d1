import { useEffect, useRef, type FocusEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled])';

/**
 * Keeps a keyboard user's place when the item that held the focus leaves a list (closed, deleted, handed
 * on). Its element is gone, so the focus would fall to the page and Tab would start again from the top. The
 * focus moves to the first control of the item now in that place (the next one, or the last), or to the
 * list's empty message (`ListEmpty`) when none is left.
 *
 * Each item carries `data-item-id`; spread the returned props on the list's element (a `ul`, a `tbody`).
 * Nothing moves when the focus is somewhere else on purpose: only when it fell to the page (also once the
 * dialog that removed the item has closed).
 */
export function useFocusAfterRemoval<T extends HTMLElement>(ids: readonly string[]) {
  const ref = useRef<T>(null);
  const held = useRef<{ id: string; index: number } | null>(null);
  useEffect(() => {
    let wait: number | undefined;
    const settle = () => {
      const last = held.current;
      if (!last || ids.includes(last.id)) return;
      const active = document.activeElement;
      // The dialog that removed the item (Delete) still has the focus: look again once it has closed.
      if (active?.closest('[role="dialog"], [role="alertdialog"]')) {
        wait = window.setTimeout(settle, 50);
        return;
      }
      held.current = null;
      if (active && active !== document.body) return;
      const id = ids[Math.min(last.index, ids.length - 1)];
      const item = [...(ref.current?.querySelectorAll<HTMLElement>('[data-item-id]') ?? [])].find(
        (element) => element.dataset.itemId === id,
      );
      const target = item
        ? (item.querySelector<HTMLElement>(FOCUSABLE) ?? item)
        : document.querySelector<HTMLElement>('[data-list-empty]');
      target?.focus();
    };
    settle();
    return () => window.clearTimeout(wait);
  });
  return {
    ref,
    onFocus: (event: FocusEvent<T>) => {
      const id = (event.target as HTMLElement).closest<HTMLElement>('[data-item-id]')?.dataset.itemId;
      if (id !== undefined) held.current = { id, index: ids.indexOf(id) };
    },
  };
}
