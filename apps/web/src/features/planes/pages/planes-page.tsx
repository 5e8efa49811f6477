import { ComingSoonSection } from '../../../components/coming-soon-section.tsx';
import { planesTexts } from '../texts.ts';

// TODO(later issue): the real planes section of spec 2 replaces this placeholder.
export function PlanesPage() {
  return <ComingSoonSection title={planesTexts.title} />;
}
