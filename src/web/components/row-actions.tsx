import { Pencil, Trash2 } from 'lucide-react';
import { Button } from './ui/button';

/** The edit and delete icon buttons of a card, labelled with the item's name for screen readers. */
export function RowActions({
  name,
  onEdit,
  onDelete,
  deleteDisabled = false,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
  deleteDisabled?: boolean;
}) {
  return (
    <div className="flex gap-1">
      <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        variant="ghost"
        size="icon"
        aria-label={`Delete ${name}`}
        disabled={deleteDisabled}
        onClick={onDelete}
      >
        <Trash2 aria-hidden="true" className="text-red-600" />
      </Button>
    </div>
  );
}
