import { cn } from '../../../lib/cn';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'inverse' | 'inverse-outline' | 'ghost';
export type ButtonSize = 'md' | 'lg';

const base =
  'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-blue-600 text-white shadow-sm hover:bg-blue-700 focus-visible:outline-blue-600',
  secondary: 'bg-slate-900 text-white hover:bg-slate-800 focus-visible:outline-slate-900',
  outline:
    'border border-slate-300 bg-white text-slate-900 hover:border-slate-400 hover:bg-slate-50 focus-visible:outline-blue-600',
  inverse: 'bg-white text-blue-700 shadow-sm hover:bg-blue-50 focus-visible:outline-white',
  'inverse-outline': 'border border-white/80 text-white hover:bg-white/10 focus-visible:outline-white',
  ghost: 'text-slate-700 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-blue-600',
};

const sizes: Record<ButtonSize, string> = {
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
};

export function buttonClasses(
  options: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {},
): string {
  const { variant = 'primary', size = 'md', className } = options;
  return cn(base, variants[variant], sizes[size], className);
}
