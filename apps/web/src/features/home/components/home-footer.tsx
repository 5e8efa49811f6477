import { BRAND_NAME } from '../../../lib/brand.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import { homeTexts } from '../texts.ts';

const currentYear = new Date().getFullYear();

/** spec 2 Home footer: privacy policy, terms and the copyright line (home-page.css). */
export function HomeFooter() {
  const { data: config } = useConfig();
  return (
    <footer className="home-footer">
      <div className="home-footer-links">
        {config ? (
          <>
            <a href={config.privacy_url} target="_blank" rel="noopener">
              {homeTexts.privacy}
            </a>
            <a href={config.terms_url} target="_blank" rel="noopener">
              {homeTexts.terms}
            </a>
          </>
        ) : null}
      </div>
      <p className="home-footer-copyright">
        {fillText(homeTexts.copyright, { year: currentYear, brand: config?.brand_name ?? BRAND_NAME })}
      </p>
    </footer>
  );
}
