import { Star } from 'lucide-react';
import { Section } from './section';

export interface TestimonialContent {
  quote: string;
  name: string;
  role: string;
  practice: string;
}

export function StarRating({ rating = 5 }: { rating?: number }) {
  return (
    <div role="img" aria-label={`Rated ${rating} out of 5 stars`} className="flex justify-center gap-1">
      {Array.from({ length: 5 }, (_, index) => (
        <Star
          key={index}
          aria-hidden="true"
          className={index < rating ? 'size-5 fill-amber-400 text-amber-400' : 'size-5 text-slate-300'}
        />
      ))}
    </div>
  );
}

export function TestimonialSection({
  title = 'Trusted by Practice Owners',
  testimonial,
}: {
  title?: string;
  testimonial: TestimonialContent;
}) {
  return (
    <Section title={title} tone="muted">
      <figure className="mx-auto max-w-3xl rounded-2xl border border-slate-200 bg-white p-8 text-center shadow-sm sm:p-10">
        <StarRating />
        <blockquote className="mt-6 text-xl leading-8 font-medium text-pretty text-slate-900">
          <p>&ldquo;{testimonial.quote}&rdquo;</p>
        </blockquote>
        <figcaption className="mt-6 text-slate-600">
          <span className="block font-semibold text-slate-900">{testimonial.name}</span>
          {testimonial.role}, {testimonial.practice}
        </figcaption>
      </figure>
    </Section>
  );
}
