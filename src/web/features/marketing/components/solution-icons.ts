import { Flower2, PawPrint, Smile, Stethoscope, type LucideIcon } from 'lucide-react';
import type { SolutionValue } from '#shared/marketing';

export const SOLUTION_ICONS: Record<SolutionValue, LucideIcon> = {
  'dental-practices': Smile,
  'medical-clinics': Stethoscope,
  'veterinary-clinics': PawPrint,
  'spas-wellness': Flower2,
};
