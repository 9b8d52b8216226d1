import { Search } from 'lucide-react';
import { useId } from 'react';
import { Input } from './ui/input';
import { Label } from './ui/label';

/** A labelled search box with the magnifier inside it; at most 100 characters, as the APIs accept. */
export function SearchField({
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={`grid flex-1 gap-1.5 ${className ?? ''}`}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search className="absolute left-3 top-3 h-4 w-4 text-slate-400" aria-hidden="true" />
        <Input
          id={id}
          type="search"
          className="pl-9"
          placeholder={placeholder}
          value={value}
          maxLength={100}
          onChange={(e) => onChange(e.target.value)}
        />
      </div>
    </div>
  );
}
