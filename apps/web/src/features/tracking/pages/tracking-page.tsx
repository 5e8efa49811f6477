import { ComingSoonSection } from '../../../components/coming-soon-section.tsx';
import { trackingTexts } from '../texts.ts';

// TODO(later issue): the real tracking section of spec 2 replaces this placeholder.
export function TrackingPage() {
  return <ComingSoonSection title={trackingTexts.title} />;
}
