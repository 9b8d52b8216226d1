// Pages are imported directly (not lazily) so every public route can be prerendered and hydrates without a Suspense fallback.
import type { ComponentType } from 'react';
import { CookiesPolicyPage } from './pages/cookies-policy-page';
import { FeaturesPage } from './pages/features-page';
import { HomePage } from './pages/home-page';
import { DentalPracticesPage, MedicalClinicsPage, VeterinaryClinicsPage } from './pages/industry-page';
import { IntegrationPage } from './pages/integration-page';
import { PricingPage } from './pages/pricing-page';
import { PrivacyPolicyPage } from './pages/privacy-policy-page';
import { SolutionsPage } from './pages/solutions-page';
import { SpasWellnessPage } from './pages/spas-wellness-page';
import { TermsPage } from './pages/terms-page';
import type { PublicPagePath } from './public-routes';

export const publicPageComponents: Record<PublicPagePath, ComponentType> = {
  '/': HomePage,
  '/features': FeaturesPage,
  '/solutions': SolutionsPage,
  '/pricing': PricingPage,
  '/integration': IntegrationPage,
  '/privacy-policy': PrivacyPolicyPage,
  '/terms-conditions': TermsPage,
  '/cookies-policy': CookiesPolicyPage,
  '/dental-practices': DentalPracticesPage,
  '/medical-clinics': MedicalClinicsPage,
  '/veterinary-clinics': VeterinaryClinicsPage,
  '/spas-wellness': SpasWellnessPage,
};
