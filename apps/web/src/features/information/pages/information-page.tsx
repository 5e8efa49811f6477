import { ComingSoonSection } from '../../../components/coming-soon-section.tsx';
import { informationTexts } from '../texts.ts';

// TODO(later issue): the real information section of spec 2 replaces this placeholder.
export function InformationPage() {
  return <ComingSoonSection title={informationTexts.title} />;
}
