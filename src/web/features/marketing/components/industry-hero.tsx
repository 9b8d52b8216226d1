import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClasses } from './button-styles';
import { DemoButton } from './demo-button';
import { PageHero } from './page-hero';

export function IndustryHero({
  eyebrow,
  title,
  description,
  aside,
}: {
  eyebrow: string;
  title: string;
  description: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <PageHero
      eyebrow={eyebrow}
      title={title}
      description={description}
      aside={aside}
      actions={
        <>
          <DemoButton />
          <a href="/" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            Back to Home
          </a>
        </>
      }
    />
  );
}
