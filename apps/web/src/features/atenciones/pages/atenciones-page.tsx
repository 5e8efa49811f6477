import { ComingSoonSection } from '../../../components/coming-soon-section.tsx';
import { atencionesTexts } from '../texts.ts';

// TODO(later issue): the real atenciones section of spec 2 replaces this placeholder.
export function AtencionesPage() {
  return <ComingSoonSection title={atencionesTexts.title} />;
}
