/** What the app shell puts together with other features (STYLE.md #1). */
export { OpenAlertBanner } from './components/open-alert-banner.tsx';
