import { CallPreview } from '../components/call-preview';
import { DemoCta } from '../components/demo-cta';
import { FeatureGrid } from '../components/feature-card';
import { IndustryHero } from '../components/industry-hero';
import { SchedulePreview } from '../components/schedule-preview';
import { Section } from '../components/section';
import { SplitSection } from '../components/split-section';
import { TestimonialSection } from '../components/testimonial';
import {
  DENTAL_CONTENT,
  MEDICAL_CONTENT,
  VETERINARY_CONTENT,
  type IndustryContent,
} from '../content/industry-content';
import { getPublicPage } from '../public-routes';

export function IndustryPage({ content }: { content: IndustryContent }) {
  const page = getPublicPage(content.path);

  return (
    <>
      <IndustryHero
        eyebrow={content.eyebrow}
        title={page.headline}
        description={<p>{content.intro}</p>}
        aside={<CallPreview {...content.call} />}
      />

      <Section
        eyebrow="Capabilities"
        title={content.capabilitiesTitle}
        description={content.capabilitiesDescription}
        tone="muted"
      >
        <FeatureGrid items={content.capabilities} />
      </Section>

      <SplitSection
        eyebrow="Scheduling"
        title={content.scheduling.title}
        description={<p>{content.scheduling.description}</p>}
        points={content.scheduling.points}
        aside={
          <SchedulePreview title={content.scheduling.scheduleTitle} entries={content.scheduling.entries} />
        }
      />

      <TestimonialSection testimonial={content.testimonial} />

      <DemoCta title={content.cta.title} description={<p>{content.cta.description}</p>} />
    </>
  );
}

export function DentalPracticesPage() {
  return <IndustryPage content={DENTAL_CONTENT} />;
}

export function MedicalClinicsPage() {
  return <IndustryPage content={MEDICAL_CONTENT} />;
}

export function VeterinaryClinicsPage() {
  return <IndustryPage content={VETERINARY_CONTENT} />;
}
