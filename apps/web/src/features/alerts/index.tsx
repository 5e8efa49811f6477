/** What the app shell puts together with other features (docs/style.md #1). */
// Home's banner of the owner's open alerts, or nothing: plain markup, on Home's first load (decision 017)
export { OpenAlertBanner } from './components/open-alert-banner.tsx';
