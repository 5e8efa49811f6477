import { ComingSoonSection } from '../../../components/coming-soon-section.tsx';
import { salesTexts } from '../texts.ts';

// TODO(later issue): the real sales section of spec 2 replaces this placeholder.
export function SalesPage() {
  return <ComingSoonSection title={salesTexts.title} />;
}
